/** Text as HTML text or a quoted attribute value: the five characters that could end either, as references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
