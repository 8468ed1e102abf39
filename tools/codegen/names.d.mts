export function camel(name: string): string;
export function pascal(name: string): string;
export function typeName(name: string): string;
export function humanize(identifier: string): string;
export function exportName(op: { api: string; name: string }): string;
