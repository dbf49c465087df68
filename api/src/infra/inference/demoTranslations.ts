import type { ChatLanguage } from '@fable/contracts';

/**
 * The demo model's "translation": word by word from a small glossary (Spanish, French, German), keeping names,
 * punctuation, *actions* and line breaks; words it does not know stay as they are, and other languages come back
 * unchanged. Enough to show the feature working with no model; a real model (INFERENCE_MODELS_FILE) translates.
 */
const GLOSSARIES: Partial<Record<ChatLanguage, Record<string, string>>> = {
  es: {
    the: 'el', a: 'un', an: 'un', and: 'y', or: 'o', but: 'pero', of: 'de', to: 'a', in: 'en', on: 'en', at: 'en', with: 'con',
    for: 'para', from: 'de', is: 'es', are: 'son', was: 'era', be: 'ser', am: 'soy', i: 'yo', you: 'tú', he: 'él', she: 'ella',
    we: 'nosotros', they: 'ellos', it: 'eso', my: 'mi', your: 'tu', his: 'su', her: 'su', our: 'nuestro', their: 'su', me: 'me',
    this: 'esto', that: 'eso', here: 'aquí', there: 'allí', not: 'no', no: 'no', yes: 'sí', hello: 'hola', hi: 'hola',
    welcome: 'bienvenido', friend: 'amigo', night: 'noche', day: 'día', storm: 'tormenta', sea: 'mar', house: 'casa',
    home: 'hogar', come: 'ven', sit: 'siéntate', tell: 'dime', what: 'qué', who: 'quién', where: 'dónde', why: 'por qué',
    how: 'cómo', when: 'cuándo', good: 'bueno', bad: 'malo', old: 'viejo', new: 'nuevo', long: 'largo', dark: 'oscuro',
    light: 'luz', fire: 'fuego', water: 'agua', road: 'camino', city: 'ciudad', world: 'mundo', story: 'historia', love: 'amor',
    heart: 'corazón', time: 'tiempo', way: 'camino', man: 'hombre', woman: 'mujer', people: 'gente', eyes: 'ojos', hand: 'mano',
    voice: 'voz', smile: 'sonrisa', smiles: 'sonríe', looks: 'mira', says: 'dice', said: 'dijo', know: 'sé', want: 'quiero',
    can: 'puedo', will: 'voy a', have: 'tengo', has: 'tiene', like: 'como', very: 'muy', always: 'siempre', never: 'nunca',
    kind: 'amable', brave: 'valiente', quiet: 'tranquilo', warm: 'cálido', cold: 'frío', keeper: 'guardián', lighthouse: 'faro',
    harbour: 'puerto', harbor: 'puerto', ship: 'barco', boat: 'barco', village: 'pueblo', forest: 'bosque', king: 'rey',
    queen: 'reina', knight: 'caballero', witch: 'bruja', dragon: 'dragón', magic: 'magia', secret: 'secreto', listening: 'escuchando',
    please: 'por favor', thank: 'gracias', thanks: 'gracias', sorry: 'lo siento', safe: 'seguro', near: 'cerca', far: 'lejos',
  },
  fr: {
    the: 'le', a: 'un', and: 'et', or: 'ou', but: 'mais', of: 'de', to: 'à', in: 'dans', with: 'avec', for: 'pour', is: 'est',
    are: 'sont', i: 'je', you: 'tu', he: 'il', she: 'elle', we: 'nous', they: 'ils', my: 'mon', your: 'ton', not: 'pas',
    yes: 'oui', no: 'non', hello: 'bonjour', welcome: 'bienvenue', friend: 'ami', night: 'nuit', day: 'jour', storm: 'tempête',
    sea: 'mer', house: 'maison', come: 'viens', tell: 'dis', what: 'quoi', where: 'où', good: 'bon', old: 'vieux', dark: 'sombre',
    light: 'lumière', fire: 'feu', water: 'eau', world: 'monde', story: 'histoire', love: 'amour', heart: 'cœur', voice: 'voix',
    smiles: 'sourit', says: 'dit', always: 'toujours', never: 'jamais', warm: 'chaud', cold: 'froid', lighthouse: 'phare',
    harbour: 'port', ship: 'navire', forest: 'forêt', king: 'roi', queen: 'reine', magic: 'magie', please: "s'il te plaît",
  },
  de: {
    the: 'der', a: 'ein', and: 'und', or: 'oder', but: 'aber', of: 'von', to: 'zu', in: 'in', with: 'mit', for: 'für', is: 'ist',
    are: 'sind', i: 'ich', you: 'du', he: 'er', she: 'sie', we: 'wir', they: 'sie', my: 'mein', your: 'dein', not: 'nicht',
    yes: 'ja', no: 'nein', hello: 'hallo', welcome: 'willkommen', friend: 'Freund', night: 'Nacht', day: 'Tag', storm: 'Sturm',
    sea: 'Meer', house: 'Haus', come: 'komm', tell: 'erzähl', what: 'was', where: 'wo', good: 'gut', old: 'alt', dark: 'dunkel',
    light: 'Licht', fire: 'Feuer', water: 'Wasser', world: 'Welt', story: 'Geschichte', love: 'Liebe', heart: 'Herz',
    voice: 'Stimme', smiles: 'lächelt', says: 'sagt', always: 'immer', never: 'nie', warm: 'warm', cold: 'kalt',
    lighthouse: 'Leuchtturm', harbour: 'Hafen', ship: 'Schiff', forest: 'Wald', king: 'König', queen: 'Königin', magic: 'Magie',
  },
};

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function demoTranslation(text: string, language: ChatLanguage): string {
  const glossary = GLOSSARIES[language];
  if (!glossary) return text;
  // Words (letters and apostrophes); {{char}} and {{user}} placeholders are left alone.
  return text.replace(/\{\{[^}]*\}\}|[A-Za-z][A-Za-z']*/g, (word) => {
    if (word.startsWith('{{')) return word;
    const found = glossary[word.toLowerCase()];
    if (!found) return word;
    return word[0] === word[0]!.toUpperCase() && word.toLowerCase() !== 'i' ? capitalized(found) : found;
  });
}
