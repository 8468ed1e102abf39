export interface LoadedSpec {
  doc: any;
  resolve(node: any): any;
}
export function loadSpec(file: string): LoadedSpec;
export function refName(node: any): string | undefined;
export function eachOperation(doc: any): Generator<{ path: string; method: string; op: any; shared: any[] }>;
export const oasDir: string;
