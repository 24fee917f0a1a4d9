// What a request's variables hold: JSON (arrays, plain objects, strings, numbers, booleans, null),
// and, in a multipart request (an upload), File objects where the files go, whose bytes are not
// variables to walk. Walking a File as an object went through its bytes: a 1 MB picture was a
// million values pushed for the nesting check and written out as a JSON array of numbers for the
// price's key, about 7 ms of the server's main thread per upload (a create's CPU profile).

/** Whether value is an array or an object as JSON.parse makes them (a File, a Buffer is not). */
export function isJsonContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
