/** Speech to text: an OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, faster-whisper-server, LocalAI). */
export interface Transcriber {
  readonly name: string;
  /** The text of a recording; rejects when the endpoint refuses it or cannot be reached. */
  transcribe(audio: Buffer, contentType: string, language: string): Promise<string>;
}

export interface OpenAiTranscriptionOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

export function createOpenAiTranscriber(options: OpenAiTranscriptionOptions): Transcriber {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    name: `openai:${options.model}`,
    async transcribe(audio, contentType, language) {
      const type = contentType.split(';')[0]!.trim();
      const form = new FormData();
      form.append('file', new Blob([audio], { type }), `speech.${EXTENSIONS[type] ?? 'webm'}`);
      form.append('model', options.model);
      form.append('language', language);
      form.append('response_format', 'json');
      const response = await fetch(url, {
        method: 'POST',
        headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
      if (!response.ok) throw new Error(`transcription endpoint answered ${response.status}: ${(await response.text().catch(() => '')).slice(0, 200)}`);
      const body = (await response.json()) as { text?: unknown };
      if (typeof body.text !== 'string') throw new Error('transcription endpoint answered no text');
      return body.text.trim();
    },
  };
}
