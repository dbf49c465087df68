/**
 * What the demo model (and the fake OpenAI engine of the tests) answers to a memory distillation: the user's
 * statements about themselves and their world, told in the third person ("My sister Ana lives in Porto" →
 * "Mara's sister Ana lives in Porto"). A real model does far better; this one needs no weights and is predictable,
 * which is what the demo and the tests need. Questions, greetings and short remarks are not facts.
 */
export interface DemoTranscriptLine {
  role: 'user' | 'assistant';
  content: string;
}

/** Sentences that state something lasting: a first-person statement with a verb of being, having, liking or promising. */
const FACT_CUE =
  /\b(my|mine|i am|i'm|im|i have|i've|i had|i was|i live|i lived|i work|i worked|i love|i loved|i like|i hate|i prefer|i promise|i promised|i will|i'll|i grew|i moved|i own|i study|i studied|i play|i need|i want|i miss|i met|i fear|i'm afraid|we are|we have|we live|our)\b/i;
const MIN_WORDS = 4;
const MAX_FACT = 240;

const THIRD_PERSON: Record<string, string> = { have: 'has', do: 'does', go: 'goes', am: 'is', was: 'was', will: 'will' };
const verbFor = (verb: string) => {
  const lower = verb.toLowerCase();
  if (THIRD_PERSON[lower]) return THIRD_PERSON[lower];
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
};

/** A first-person sentence retold about `name`. */
export function retell(sentence: string, name: string): string {
  return sentence
    .replace(/\bI'm\b|\bI am\b|\bIm\b/g, `${name} is`)
    .replace(/\bI've\b/g, `${name} has`)
    .replace(/\bI'll\b/g, `${name} will`)
    .replace(/\bI (was|had|did|will|would|could|can|should|must|might|[a-z]+ed)\b/g, `${name} $1`)
    .replace(/\bI ([a-z]+)\b/g, (_, verb: string) => `${name} ${verbFor(verb)}`)
    .replace(/\b[Mm]y\b/g, `${name}'s`)
    .replace(/\bmine\b/g, `${name}'s`)
    .replace(/\b(me|myself)\b/g, name)
    .replace(/\b[Ww]e are\b/g, `${name} and others are`)
    .replace(/\b[Oo]ur\b/g, `${name}'s`)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The facts of a transcript's user lines, in order, each once. */
export function demoFacts(lines: readonly DemoTranscriptLine[], userName: string): string[] {
  const facts: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (line.role !== 'user') continue;
    // Actions between asterisks are roleplay, not statements.
    const text = line.content.replace(/\*[^*]*\*/g, ' ');
    for (const raw of text.split(/(?<=[.!?])\s+|\n+/)) {
      const sentence = raw.trim();
      if (sentence.endsWith('?') || !FACT_CUE.test(sentence) || sentence.split(/\s+/).length < MIN_WORDS) continue;
      let fact = retell(sentence.replace(/[.!]+$/, ''), userName);
      fact = `${fact.charAt(0).toUpperCase()}${fact.slice(1)}`.slice(0, MAX_FACT);
      const key = fact.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push(`${fact}.`);
    }
  }
  return facts;
}
