export function camel(name: string): string;
export function pascal(name: string): string;
export function typeName(name: string): string;
export function humanize(identifier: string): string;
