import { AgentMembersWidget } from './AgentWidgets';

export default AgentMembersWidget;
