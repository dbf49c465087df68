import { joinWavs, readWav, wavSeconds, writeWav } from './wav';

const tone = (seconds: number, sampleRate = 22050) => {
  const data = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  for (let i = 0; i < data.length / 2; i++) data.writeInt16LE(Math.round(8000 * Math.sin(i / 10)), i * 2);
  return writeWav({ sampleRate, channels: 1, bitsPerSample: 16, data });
};

describe('WAV files', () => {
  it('writes and reads back PCM with its format', () => {
    const file = tone(0.5);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(readWav(file)).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(wavSeconds(file)).toBeCloseTo(0.5, 3);
  });

  it('joins files of one format into one, and refuses to mix formats', () => {
    const joined = joinWavs([tone(0.25), tone(0.5)]);
    expect(wavSeconds(joined)).toBeCloseTo(0.75, 3);
    expect(() => joinWavs([tone(0.25), tone(0.25, 16000)])).toThrow('different formats');
  });

  it('reads a streamed WAV whose sizes say "unknown", and refuses what is not WAV', () => {
    const file = Buffer.from(tone(0.1));
    file.writeUInt32LE(0xffffffff, 4);
    file.writeUInt32LE(0xffffffff, 40);
    expect(wavSeconds(file)).toBeCloseTo(0.1, 3);
    expect(() => readWav(Buffer.from('not audio at all'))).toThrow('not a WAV file');
  });
});
