import type { Gender, NameStyle } from './englishFragments';

/** Given names by style and gender, and family names by style (all adults' names; max 20 characters combined). */
export const GIVEN_NAMES: Record<NameStyle, Record<Gender, string[]>> = {
  western: {
    female: ['Elena', 'Mara', 'Chloe', 'Ivy', 'Nora', 'Scarlett', 'Vivian', 'Hazel', 'Clara', 'Sienna', 'Audrey', 'Ruby', 'Lena', 'Tessa', 'Julia', 'Margot', 'Isla', 'Daphne', 'Celeste', 'Rosalind', 'Naomi', 'Harper', 'Violet', 'Jade'],
    male: ['Adrian', 'Silas', 'Julian', 'Theo', 'Marcus', 'Rowan', 'Elias', 'Gabriel', 'Damien', 'Leo', 'Felix', 'Owen', 'Victor', 'Caleb', 'Jasper', 'Nathan', 'Dorian', 'Lucas', 'Roman', 'Hugo', 'Ezra', 'Miles', 'Declan', 'Vincent'],
    nonbinary: ['Quinn', 'Rory', 'Sage', 'Ash', 'Remy', 'Jules', 'Robin', 'Ari', 'Rain', 'Wren', 'Morgan', 'Sky', 'Emery', 'Finley'],
  },
  fantasy: {
    female: ['Elara', 'Seraphine', 'Lyra', 'Vaelith', 'Sylvaris', 'Morwen', 'Isolde', 'Rhiannon', 'Liora', 'Brynja', 'Aerin', 'Thessaly', 'Nimue', 'Ysolde', 'Kaelis', 'Maerwyn'],
    male: ['Thalion', 'Kael', 'Orin', 'Aldric', 'Fenris', 'Caelum', 'Eryndor', 'Varian', 'Torvald', 'Ragnar', 'Lucan', 'Corvin', 'Draven', 'Alaric', 'Thorne', 'Gideon'],
    nonbinary: ['Nyx', 'Ember', 'Sorrel', 'Vesper', 'Ashen', 'Rune', 'Lark', 'Onyx'],
  },
  scifi: {
    female: ['Nova', 'Juno', 'Ione', 'Cass', 'Kira', 'Vega', 'Lux', 'Sable', 'Zara', 'Andromeda', 'Tess', 'Mira'],
    male: ['Kade', 'Orion', 'Ryker', 'Talon', 'Atlas', 'Dax', 'Jett', 'Cyrus', 'Zane', 'Rook', 'Kaz', 'Soren'],
    nonbinary: ['Vex', 'Zeph', 'Echo', 'Unit-7', 'Cipher', 'Halo', 'K1-R0', 'Pixel'],
  },
  japanese: {
    female: ['Haruka', 'Yuki', 'Hikari', 'Rin', 'Aoi', 'Mei', 'Sakura', 'Hana', 'Emi', 'Natsuki', 'Kaede', 'Ayame', 'Chiyo', 'Miyu'],
    male: ['Ren', 'Akira', 'Kaito', 'Takeshi', 'Ryo', 'Kenji', 'Daichi', 'Shun', 'Haruto', 'Souta', 'Kazuki', 'Jin', 'Itsuki', 'Raiden'],
    nonbinary: ['Sora', 'Hikaru', 'Makoto', 'Nagisa', 'Tsubasa', 'Kaoru'],
  },
  historical: {
    female: ['Eleanor', 'Beatrice', 'Margaret', 'Cecily', 'Isabella', 'Louisa', 'Genevieve', 'Matilda', 'Josephine', 'Agatha', 'Evangeline', 'Lucretia'],
    male: ['Thomas', 'Edmund', 'William', 'Henry', 'Frederick', 'Arthur', 'Lorenzo', 'Sebastian', 'Nathaniel', 'Cornelius', 'Ambrose', 'Lucius'],
    nonbinary: ['Ash', 'Morgan', 'Sidney', 'Avery', 'Marlowe', 'Rowan'],
  },
};

export const FAMILY_NAMES: Record<NameStyle, string[]> = {
  western: ['Blackwood', 'Hart', 'Vance', 'Sterling', 'Moreau', 'Ashford', 'Reyes', 'Calloway', 'Mercer', 'Hale', 'Winter', 'Sinclair', 'Thorne', 'Vale', 'Crane', 'Lockhart', 'Harper', 'Fairchild', 'Rhodes', 'Kane', 'Novak', 'Okafor', 'Moreno', 'Castillo'],
  fantasy: ['Moonwhisper', 'Ashbane', 'Stormborn', 'Duskmantle', 'Ironheart', 'Silverleaf', 'Ravencrest', 'Emberfall', 'Nightshade', 'Frostwind', 'Oakenshield', 'Starweaver'],
  scifi: ['Kessler', 'Voss', 'Okonkwo', 'Reyes', 'Tanaka', 'Strand', 'Mercer', 'Halloran', 'Ibarra', 'Drake', 'Quill', 'Varga'],
  japanese: ['Takahashi', 'Kurosawa', 'Aoyama', 'Fujimoto', 'Sato', 'Hayashi', 'Mori', 'Kobayashi', 'Nakamura', 'Shirogane', 'Kirishima', 'Amano'],
  historical: ['Ashworth', 'de Valois', 'Montague', 'Whitmore', 'Fitzroy', 'Medici', 'Harrington', 'Blackthorne', 'Devereux', 'Pembroke', 'Carlisle', 'Vane'],
};

/** Creator username parts: lower-case words and separators; the username is at most 20 characters. */
export const USERNAME_WORDS = [
  'moon', 'night', 'star', 'ink', 'dream', 'quill', 'raven', 'velvet', 'ember', 'frost', 'lunar', 'pixel', 'echo', 'tale', 'story',
  'myth', 'rogue', 'sage', 'wild', 'void', 'cozy', 'neon', 'storm', 'ash', 'rose', 'silver', 'shadow', 'paper', 'honey', 'drift',
  'fable', 'lore', 'sugar', 'spark', 'mist', 'cinder', 'atlas', 'ghost', 'maple', 'otter',
];
export const USERNAME_NOUNS = [
  'writer', 'weaver', 'smith', 'scribe', 'bard', 'crafter', 'maker', 'teller', 'fox', 'cat', 'wolf', 'owl', 'muse', 'keeper', 'witch',
  'knight', 'pilot', 'dragon', 'sprite', 'poet', 'dev', 'rat', 'moth', 'heart',
];
