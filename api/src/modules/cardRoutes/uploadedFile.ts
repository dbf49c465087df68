/**
 * The body of the import call: the file's bytes, kept in a private field. The API's input guard walks every parsed
 * body for NUL characters and nesting (findInputIssues); a Buffer would make it visit each of up to 10 MB of bytes
 * as a key. An UploadedFile has no enumerable key, so the guard passes it at once; what the card reader reads out of
 * the bytes is checked instead (cardImportAnswer.ts).
 */
export class UploadedFile {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  get bytes(): Uint8Array {
    return this.#bytes;
  }
}
