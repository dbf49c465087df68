/** A page that throws while rendering (module-federation/core's "remote-render-error"): the shell must contain it. */
export function BrokenPage(): never {
  throw new Error('The fixture page failed while rendering, on purpose');
}
