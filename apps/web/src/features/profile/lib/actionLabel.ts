import type { ProfileActivityItem } from '@koperasi/contracts/web';
import { useTranslation } from 'react-i18next';

/**
 * "Signed in", "Changed the password", ... for an activity row: a sentence in
 * the user's language, never a code. Audit verbs without their own text read
 * as "<verb> <entity>" (member.create → "Created member"); an unknown verb on
 * a known entity as "Recorded an activity on <entity>", anything else as
 * "Recorded another activity".
 */
export function useActionLabel() {
  const { t, i18n } = useTranslation('profile');
  return (item: Pick<ProfileActivityItem, 'type' | 'action'>) => {
    if (item.type === 'SIGN_IN') return t('activity.signIn');
    const action = item.action ?? '';
    if (i18n.exists(`actions.${action}`, { ns: 'profile' })) return t(`actions.${action}`);
    const [entity, verb] = action.split('.');
    if (entity && verb && i18n.exists(`verbs.${verb}`, { ns: 'profile' }) && i18n.exists(`entities.${entity}`, { ns: 'profile' })) {
      return t('actionPattern', { verb: t(`verbs.${verb}`), entity: t(`entities.${entity}`) });
    }
    if (entity && i18n.exists(`entities.${entity}`, { ns: 'profile' })) return t('otherAction', { entity: t(`entities.${entity}`) });
    return t('unknownAction');
  };
}
