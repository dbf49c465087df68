/**
 * The house ads (ours: document 1 §6 display_ads names "the ad service"; we are it, and what we advertise is our own
 * plans and features): what each says, where its button goes, and the words in a conversation that make it the
 * fitting one. Every one of them leads to something the subscribe page sells.
 */
export interface HouseAd {
  id: string;
  code: string;
  content: string;
  cta: { label: string; to: string };
  keywords: readonly string[];
}

export const HOUSE_ADS: readonly HouseAd[] = [
  {
    id: 'house-voice',
    code: 'VOICE',
    content: 'Hear them speak: listen to every reply in a voice of its own.',
    cta: { label: 'Get voices', to: '/subscribe' },
    keywords: ['voice', 'sing', 'song', 'say', 'speak', 'whisper', 'hear', 'listen', 'sound', 'laugh'],
  },
  {
    id: 'house-images',
    code: 'IMAGES',
    content: 'Picture the moment: ask for an image of the scene, right in the chat.',
    cta: { label: 'Get images', to: '/subscribe' },
    keywords: ['look', 'see', 'picture', 'dress', 'wearing', 'eyes', 'hair', 'smile', 'room', 'view', 'beautiful'],
  },
  {
    id: 'house-memory',
    code: 'MEMORY',
    content: 'Never repeat yourself: longer memory keeps every detail of your story.',
    cta: { label: 'Remember more', to: '/subscribe' },
    keywords: ['remember', 'forgot', 'forget', 'memory', 'before', 'again', 'yesterday', 'promise', 'name'],
  },
  {
    id: 'house-no-ads',
    code: 'NO_ADS',
    content: 'Chat without interruptions: no ads and no waiting on any paid plan.',
    cta: { label: 'Upgrade', to: '/subscribe' },
    keywords: [],
  },
];

/** The ad to show: the one whose words the messages use most; on a tie (none at all, often), one by turns. */
export function pickHouseAd(messages: readonly string[], turn: number): HouseAd {
  const words = new Set(messages.join(' ').toLowerCase().match(/[a-z']+/g) ?? []);
  const scored = HOUSE_ADS.map((ad) => ({ ad, score: ad.keywords.filter((k) => words.has(k)).length }));
  const best = Math.max(...scored.map((s) => s.score));
  const tied = scored.filter((s) => s.score === best);
  return tied[turn % tied.length]!.ad;
}
