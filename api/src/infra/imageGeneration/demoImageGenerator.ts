import { createHash } from 'node:crypto';
import type { ImageStyle } from '@fable/contracts';
import sharp from 'sharp';
import { loraTag, type ImageGenerator, type ImageTrainer } from './imageGenerator';

export const DEMO_GENERATOR_NAME = 'demo';
/** The demo picture's size: a portrait, like the 500x600 preset. */
export const DEMO_SIZE = { width: 512, height: 640 } as const;

/** Numbers in [0, 1) from SHA-256 of the prompt, negative prompt, seed and style (one digest per 8 numbers). */
function numbers(parts: readonly string[]) {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 4 > pool.length) {
      pool = createHash('sha256').update(JSON.stringify([...parts, counter++])).digest();
      at = 0;
    }
    const n = pool.readUInt32BE(at) / 4294967296;
    at += 4;
    return n;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The demo picture, an SVG of shapes only (no user text reaches it): a backdrop of two hues with soft lights, and a
 * bust (shoulders, neck, head, hair, eyes). Anime styles draw flat colours with outlines and large eyes; semi-realistic
 * ones shade with gradients; v2 styles add a glow and more lights.
 */
export function demoPictureSvg(prompt: string, negativePrompt: string, seed: number, style: ImageStyle): string {
  const next = numbers([prompt, negativePrompt, String(seed), style]);
  const anime = style === 'anime' || style === 'anime_v2';
  const v2 = style.endsWith('_v2');
  const { width: W, height: H } = DEMO_SIZE;
  const hue = Math.floor(next() * 360);
  const hue2 = (hue + 90 + Math.floor(next() * 180)) % 360;
  const skin = [`hsl(28 ${45 + Math.floor(next() * 20)}% ${62 + Math.floor(next() * 18)}%)`, `hsl(24 40% ${35 + Math.floor(next() * 15)}%)`][next() < 0.8 ? 0 : 1]!;
  const hair = `hsl(${Math.floor(next() * 360)} ${anime ? 70 : 35}% ${20 + Math.floor(next() * 50)}%)`;
  const cloth = `hsl(${Math.floor(next() * 360)} 55% ${30 + Math.floor(next() * 30)}%)`;
  const eyes = `hsl(${Math.floor(next() * 360)} 70% 40%)`;
  const stroke = anime ? ' stroke="#1b1b24" stroke-width="4"' : '';
  const lights: string[] = [];
  for (let i = 0; i < (v2 ? 14 : 7); i++) {
    lights.push(
      `<circle cx="${r1(next() * W)}" cy="${r1(next() * H * 0.7)}" r="${r1(12 + next() * 60)}" fill="hsl(${(hue + Math.floor(next() * 60)) % 360} 90% 85%)" fill-opacity="${r1(0.1 + next() * 0.3)}"/>`,
    );
  }
  const headX = r1(W / 2 + (next() - 0.5) * 40);
  const headY = r1(250 + (next() - 0.5) * 30);
  const headRx = r1(anime ? 92 : 82);
  const headRy = r1(anime ? 108 : 112);
  const eyeY = r1(headY + 10);
  const eyeDx = r1(anime ? 38 : 32);
  const eyeRy = r1(anime ? 18 : 8);
  const hairLength = r1(headY + 40 + next() * 160);
  const shade = anime ? '' : `<ellipse cx="${headX}" cy="${headY}" rx="${headRx}" ry="${headRy}" fill="url(#shade)"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 55%)"/><stop offset="1" stop-color="hsl(${hue2} 55% 25%)"/></linearGradient>`,
    '<radialGradient id="shade" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>',
    `<radialGradient id="glow" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="hsl(${hue2} 90% 80%)" stop-opacity="0.7"/><stop offset="1" stop-color="hsl(${hue2} 90% 80%)" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    ...lights,
    v2 ? `<ellipse cx="${headX}" cy="${headY}" rx="230" ry="260" fill="url(#glow)"/>` : '',
    `<path d="M ${headX - headRx - 20} ${headY - 40} Q ${headX} ${headY - headRy - 70} ${headX + headRx + 20} ${headY - 40} L ${headX + headRx + 30} ${hairLength} L ${headX - headRx - 30} ${hairLength} Z" fill="${hair}"${stroke}/>`,
    `<path d="M 40 ${H} Q 60 ${headY + 170} ${W / 2} ${headY + 160} Q ${W - 60} ${headY + 170} ${W - 40} ${H} Z" fill="${cloth}"${stroke}/>`,
    `<rect x="${headX - 32}" y="${headY + 80}" width="64" height="90" fill="${skin}"${stroke}/>`,
    `<ellipse cx="${headX}" cy="${headY}" rx="${headRx}" ry="${headRy}" fill="${skin}"${stroke}/>`,
    shade,
    `<path d="M ${headX - headRx} ${headY - 20} Q ${headX} ${headY - headRy - 40} ${headX + headRx} ${headY - 20} Q ${headX} ${headY - headRy + 10} ${headX - headRx} ${headY - 20} Z" fill="${hair}"${stroke}/>`,
    `<ellipse cx="${headX - eyeDx}" cy="${eyeY}" rx="${anime ? 14 : 10}" ry="${eyeRy}" fill="${eyes}"${anime ? ' stroke="#1b1b24" stroke-width="3"' : ''}/>`,
    `<ellipse cx="${headX + eyeDx}" cy="${eyeY}" rx="${anime ? 14 : 10}" ry="${eyeRy}" fill="${eyes}"${anime ? ' stroke="#1b1b24" stroke-width="3"' : ''}/>`,
    anime ? `<circle cx="${headX - eyeDx + 4}" cy="${eyeY - 6}" r="4" fill="#fff"/><circle cx="${headX + eyeDx + 4}" cy="${eyeY - 6}" r="4" fill="#fff"/>` : '',
    `<path d="M ${headX - 18} ${headY + 58} Q ${headX} ${headY + 68 + next() * 8} ${headX + 18} ${headY + 58}" fill="none" stroke="hsl(350 45% 40%)" stroke-width="${anime ? 4 : 3}" stroke-linecap="round"/>`,
    '</svg>',
  ].join('');
}

/**
 * The built-in demo generator, used when no image generator is configured: a deterministic picture (PNG) from the
 * prompt, negative prompt, seed and style, drawn with sharp. It is not an image model, and says so (`demo`). A guidance
 * picture is laid over the drawing, faintly.
 */
export function createDemoImageGenerator(): ImageGenerator {
  return {
    name: DEMO_GENERATOR_NAME,
    demo: true,
    async generate(request) {
      // A trained model changes the picture as a LoRA would: drawn from the prompt with its tag.
      const prompt = request.lora ? `${request.prompt} ${loraTag(request.lora)}` : request.prompt;
      const drawing = await sharp(Buffer.from(demoPictureSvg(prompt, request.negativePrompt, request.seed, request.style))).png().toBuffer();
      if (!request.guidance) {
        return { bytes: await sharp(drawing).png({ compressionLevel: 9 }).toBuffer(), seed: request.seed, guidanceApplied: false };
      }
      const overlay = await sharp(request.guidance)
        .resize(DEMO_SIZE.width, DEMO_SIZE.height, { fit: 'cover' })
        .removeAlpha()
        .ensureAlpha(0.4)
        .png()
        .toBuffer();
      const bytes = await sharp(drawing).composite([{ input: overlay }]).png({ compressionLevel: 9 }).toBuffer();
      return { bytes, seed: request.seed, guidanceApplied: true };
    },
  };
}

/** The demo trainer: reads the avatar (when there is one, it must be a picture) and names the model after the chatbot and it. */
export function createDemoImageTrainer(): ImageTrainer {
  return {
    name: DEMO_GENERATOR_NAME,
    async train(request) {
      if (request.avatar) await sharp(request.avatar).metadata();
      const of = createHash('sha256').update(request.avatar ?? request.characterId).digest('hex').slice(0, 8);
      return { loraName: `demo-${request.characterId.slice(0, 40)}-${of}` };
    },
  };
}
