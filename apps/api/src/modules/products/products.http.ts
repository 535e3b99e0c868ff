/**
 * Route helpers shared by the products and savings modules: answers are sent
 * as they are (money as `Dec`, written as JSON numbers by its toJSON); the
 * response schemas only document them in OpenAPI.
 */
import { envelopeOf } from '@koperasi/contracts';
import type { z } from 'zod';
import { envelopeText } from '../../lib/http.ts';

export const passthrough = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
/** As `passthrough`, but an answer that carries its JSON text (lib/http.ts withJsonText) is not serialised again. */
export const passthroughText = { serializerCompiler: () => envelopeText };

/** A 200 response documented as the envelope around `data`. */
export const documented = <T extends z.ZodType>(data: T) => ({ 200: envelopeOf(data) }) as unknown as { 200: z.ZodUnknown };
