import { BaseSequencer, type TestSpecification } from 'vitest/node';

export function environmentOf(source: string, fallback?: string): string;
export function groupByEnvironment<T>(
  files: T[],
  environmentOfFile: (file: T) => string,
  fallback?: string,
): T[];
export default class EnvironmentSequencer extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
