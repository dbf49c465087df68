import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeWav } from '../infra/speech/wav';
import { json } from './fakeProviderHttp';

/**
 * The audio endpoints of the fake OpenAI-compatible engine: `POST /v1/audio/speech` (JSON in, a WAV tone out, as long
 * as the text would take to say) and `POST /v1/audio/transcriptions` (multipart/form-data in, `{text}` out), with
 * OpenAI's checks and error shapes. What each received is kept for the tests.
 */
export const FAKE_TRANSCRIPT = 'Tell me a story about the sea.';
/** OpenAI's input limit for speech. */
const SPEECH_INPUT_MAX = 4096;

export interface FakeAudioRequests {
  speech: Array<{ model: string; input: string; voice: string; response_format: string | undefined; authorization: string | undefined }>;
  transcriptions: Array<{ model: string; language: string | null; bytes: number; type: string; authorization: string | undefined }>;
}

const readBytes = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const invalid = (res: ServerResponse, message: string) => json(res, 400, { error: { message, type: 'invalid_request_error' } });

/** A tone of `seconds` at 24 kHz (the rate of OpenAI's WAV), pitched by the voice. */
function tone(seconds: number, voice: string): Buffer {
  const rate = 24_000;
  const frequency = 180 + ([...voice].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 120);
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < data.length / 2; i++) data.writeInt16LE(Math.round(9000 * Math.sin((2 * Math.PI * frequency * i) / rate)), i * 2);
  return writeWav({ sampleRate: rate, channels: 1, bitsPerSample: 16, data });
}

export async function fakeSpeech(req: IncomingMessage, res: ServerResponse, log: FakeAudioRequests): Promise<void> {
  let body: { model?: unknown; input?: unknown; voice?: unknown; response_format?: unknown };
  try {
    body = JSON.parse((await readBytes(req)).toString('utf8')) as typeof body;
  } catch {
    return invalid(res, 'invalid JSON body');
  }
  if (typeof body.model !== 'string' || typeof body.input !== 'string' || typeof body.voice !== 'string') return invalid(res, 'model, input and voice are required');
  if (body.input.length === 0 || body.input.length > SPEECH_INPUT_MAX) return invalid(res, `input must be 1 to ${SPEECH_INPUT_MAX} characters`);
  if (body.response_format !== undefined && body.response_format !== 'wav') return invalid(res, 'this fake answers wav only');
  log.speech.push({ model: body.model, input: body.input, voice: body.voice, response_format: body.response_format as string | undefined, authorization: req.headers.authorization });
  const wav = tone(Math.max(0.3, body.input.length / 15), body.voice);
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
  res.end(wav);
}

export async function fakeTranscription(req: IncomingMessage, res: ServerResponse, log: FakeAudioRequests): Promise<void> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return invalid(res, 'send multipart/form-data');
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(await readBytes(req)), { headers: { 'content-type': type } }).formData();
  } catch {
    return invalid(res, 'the form could not be read');
  }
  const file = form.get('file');
  const model = form.get('model');
  if (!(file instanceof Blob) || typeof model !== 'string') return invalid(res, 'file and model are required');
  if (file.size < 100) return invalid(res, 'Audio file is too short. Minimum audio length is 0.1 seconds.');
  const language = form.get('language');
  log.transcriptions.push({ model, language: typeof language === 'string' ? language : null, bytes: file.size, type: file.type, authorization: req.headers.authorization });
  json(res, 200, { text: FAKE_TRANSCRIPT });
}
