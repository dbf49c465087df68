/**
 * Caps of card import (ours; the issue asks for them: "10 MB and more" refused, caps on decompressed size and
 * entry count). Each one bounds the work a hostile file can cause.
 */
export const CARD_CAPS = {
  /** A file of this many bytes or more is refused before anything is read. */
  maxInputBytes: 10 * 1024 * 1024,
  /** Files in a CHARX archive (directories included), checked from the central directory before any is read. */
  charxMaxEntries: 1000,
  /** All files of a CHARX unpacked together, checked on the declared sizes and again while inflating. */
  charxMaxUnpackedBytes: 32 * 1024 * 1024,
  /** Chunks of a PNG card (a 10 MB image in the usual 8 KB IDAT chunks has some 1300), checked before any is read. */
  pngMaxChunks: 10_000,
  /** Nesting of the card's JSON (objects and arrays); cards in the wild nest 6 or 7 deep. */
  maxJsonDepth: 64,
  /** Embedded files a chatbot keeps of one card (CHARX entries, PNG asset chunks); the rest is left out and listed. */
  keptFilesMax: 50,
  /** Bytes of the embedded files a chatbot keeps of one card, all together. */
  keptFilesMaxBytes: 20 * 1024 * 1024,
} as const;
