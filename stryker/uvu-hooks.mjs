// Module resolution hook for Stryker's worker: every `import … from 'uvu'` gets the recording shim.
export async function resolve(specifier, context, next) {
  if (specifier === 'uvu') return { url: new URL('./uvu-shim.mjs', import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
