/**
 * A Server-Sent Events reader over a fetch body (document 1 §7 "POST chat"; ARCHITECTURE.md "Chat tokens stream to
 * the browser over Server-Sent Events (fetch + ReadableStream, so the request can be a POST and can be aborted)").
 * EventSource cannot POST nor be aborted mid-request, hence this small reader.
 */
export interface SseEvent {
  /** The `event:` name ("message" when the block has none). */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
}

/** The part of ReadableStream the reader needs (jsdom has none; tests pass node's). */
export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void; cancel?(reason?: unknown): Promise<void> };
}

/** Parses one event block (the lines between two blank lines); null for a block with no data (a comment, a keep-alive). */
export function parseSseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join('\n') };
}

const BLOCK_END = /\r\n\r\n|\n\n|\r\r/;

/**
 * Yields the events of a byte stream as they complete. Chunks may split anywhere (inside a line, inside a UTF-8
 * character). An aborted fetch makes `read()` reject: the rejection (AbortError) goes to the caller.
 */
export async function* readSse(stream: ByteStream): AsyncGenerator<SseEvent> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let match = BLOCK_END.exec(buffer);
      while (match) {
        const parsed = parseSseBlock(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
        if (parsed) yield parsed;
        match = BLOCK_END.exec(buffer);
      }
      if (done) {
        const last = parseSseBlock(buffer);
        if (last) yield last;
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
