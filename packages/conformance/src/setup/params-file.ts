// The --params file (JSON or YAML): request values a real service needs in place of the contract's examples.
//   parameters: { <parameter name>: value }                                   for every operation that has it
//   operations: { <operationId>: { parameters: {...}, requestBody: ... } }   for one operation
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { UsageError } from './usage-error.js';

/** What one operation's entry of the file may give. */
interface OperationParams {
  parameters?: Record<string, unknown>;
  requestBody?: unknown;
}

export interface Params {
  /** Values by parameter name, for every operation (and the workflow inputs of the same name). */
  parameters: Record<string, unknown>;
  /** Values by operationId. */
  operations: Record<string, OperationParams>;
}

/** No --params file: the contract's examples alone. */
export const NO_PARAMS: Params = { parameters: {}, operations: {} };

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads and checks a --params file against the contract's operationIds; a mistake is a UsageError. */
export function loadParams(file: string, operationIds: readonly string[]): Params {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new UsageError(`--params: cannot read ${file}: ${code ?? message}`);
  }
  let params: unknown;
  try {
    params = parse(text) ?? {};
  } catch (error) {
    throw new UsageError(`--params: ${file} is neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isMap(params)) {
    throw new UsageError(`--params: ${file} must hold an object with \`parameters\` and/or \`operations\`.`);
  }
  const unknownKeys = Object.keys(params).filter((key) => key !== 'parameters' && key !== 'operations');
  if (unknownKeys.length > 0) {
    throw new UsageError(
      `--params: unknown key ${unknownKeys.join(', ')} in ${file}; use \`parameters\` (by name) and \`operations\` (by operationId).`,
    );
  }
  if (params.parameters !== undefined && !isMap(params.parameters)) {
    throw new UsageError(`--params: \`parameters\` in ${file} must map parameter names to values.`);
  }
  if (params.operations !== undefined && !isMap(params.operations)) {
    throw new UsageError(`--params: \`operations\` in ${file} must map operationIds to { parameters, requestBody }.`);
  }
  for (const [operationId, entry] of Object.entries(params.operations ?? {})) {
    if (!operationIds.includes(operationId)) {
      throw new UsageError(`--params: the contract has no operation ${operationId} (in ${file}).`);
    }
    if (!isMap(entry) || Object.keys(entry).some((key) => key !== 'parameters' && key !== 'requestBody')) {
      throw new UsageError(
        `--params: operations.${operationId} in ${file} takes only \`parameters\` and \`requestBody\`.`,
      );
    }
  }
  return {
    parameters: params.parameters ?? {},
    operations: (params.operations ?? {}) as Record<string, OperationParams>,
  };
}
