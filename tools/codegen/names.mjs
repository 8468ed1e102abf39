// Naming rules shared by the generator and (mirrored at runtime) by the SDK's key lookup.

/** `lookup-user-by-username` → `lookupUserByUsername`; `metadata[website_link]` → `metadataWebsiteLink`. */
export function camel(name) {
  const parts = String(name)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return parts
    .map((p, i) =>
      i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1),
    )
    .join('');
}

export const pascal = (name) => {
  const c = camel(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
};

/** A component schema name made safe as a TypeScript identifier. */
export const typeName = (name) => {
  const safe = String(name).replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(safe) ? `_${safe}` : safe;
};

/** `fetchBulkUsers` → `Fetch bulk users`: a summary derived from the name, not the spec's prose. */
export const humanize = (identifier) => {
  const words = identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  const lower = words
    .split(' ')
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()))
    .join(' ');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
};

export const isIdentifier = (key) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key);
export const propKey = (key) => (isIdentifier(key) ? key : JSON.stringify(key));

/**
 * The exported name of an operation's table entry: the method name for the main API, `hub` + the
 * method name for the hub (both APIs have `fetchUserFollowers`, and both entries are exported flat).
 */
export const exportName = (op) => (op.api === 'hub' ? `hub${pascal(op.name)}` : op.name);
