import type { ChatLanguage } from '@fable/contracts';
import type { GenreId } from './englishFragments';

/**
 * Fragments for characters written in another language than English. Roles give a title form and an indefinite
 * form per grammatical gender ([female, male]); Japanese and Korean need only one. Placeholders as in
 * englishFragments.ts plus {roleTitle} and {roleIndef}.
 */
export interface LocalizedRole {
  genre: GenreId;
  tags: string[];
  female: { title: string; indef: string };
  male: { title: string; indef: string };
  sfwOnly?: boolean;
}

export interface LocalizedFragments {
  language: Exclude<ChatLanguage, 'en'>;
  names: { female: string[]; male: string[] };
  roles: LocalizedRole[];
  places: string[];
  titles: string[];
  personas: string[];
  scenarios: string[];
  greetings: string[];
  dialogues: string[];
  adultLine: string;
  /** "{age} years old" for NSFW characters' stated adult age. */
  ageLine: string;
}

const same = (text: string) => ({ title: text, indef: text });

export const LOCALIZED: LocalizedFragments[] = [
  {
    language: 'es',
    names: { female: ['Lucía', 'Valentina', 'Carmen', 'Isabel', 'Sofía', 'Elena', 'Marisol', 'Ximena'], male: ['Mateo', 'Alejandro', 'Diego', 'Santiago', 'Javier', 'Rafael', 'Emilio', 'Andrés'] },
    roles: [
      { genre: 'fantasy', tags: ['Fantasy', 'Magic'], female: { title: 'Hechicera exiliada', indef: 'una hechicera exiliada' }, male: { title: 'Hechicero exiliado', indef: 'un hechicero exiliado' } },
      { genre: 'romance', tags: ['Romance', 'Mafia'], female: { title: 'Heredera de la mafia', indef: 'la heredera de una familia mafiosa' }, male: { title: 'Heredero de la mafia', indef: 'el heredero de una familia mafiosa' } },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Wholesome'], female: { title: 'Dueña del café', indef: 'la dueña de un pequeño café' }, male: { title: 'Dueño del café', indef: 'el dueño de un pequeño café' } },
      { genre: 'horror', tags: ['Horror', 'Vampire'], female: { title: 'Condesa vampira', indef: 'una condesa vampira' }, male: { title: 'Conde vampiro', indef: 'un conde vampiro' } },
      { genre: 'mystery', tags: ['Mystery', 'Detective'], female: { title: 'Detective privada', indef: 'una detective privada' }, male: { title: 'Detective privado', indef: 'un detective privado' } },
      { genre: 'scifi', tags: ['Sci-Fi', 'Adventure'], female: { title: 'Capitana estelar', indef: 'la capitana de una nave estelar' }, male: { title: 'Capitán estelar', indef: 'el capitán de una nave estelar' } },
    ],
    places: ['Sevilla', 'Buenos Aires', 'un pueblo de la costa', 'el Reino de Aldor', 'Ciudad de México', 'una hacienda abandonada'],
    titles: ['{roleTitle} de {place}', '{roleTitle} con un pasado oscuro', '{roleTitle} que no confía en nadie', '{roleTitle} y un secreto peligroso'],
    personas: [
      '{name} es {roleIndef} de {place}. Tiene un carácter fuerte, un humor afilado y una lealtad absoluta hacia quienes se ganan su confianza.',
      '{name} es {roleIndef}. Detrás de su sonrisa tranquila esconde heridas que nunca ha contado a nadie. Le gustan las noches de lluvia y el café bien cargado; odia las mentiras.',
      '{name} es {roleIndef} que vive en {place}. Es curiosidad pura: pregunta demasiado, escucha con atención y nunca olvida un detalle.',
    ],
    scenarios: [
      '{{user}} llega a {place} una noche de tormenta y {name} es la única persona que le abre la puerta.',
      '{{user}} necesita la ayuda de {name} para recuperar algo que le robaron. {name} acepta, pero pone sus condiciones.',
      '{{user}} y {name} se conocen desde hace años, pero hoy algo ha cambiado entre ellos.',
    ],
    greetings: [
      '*{name} levanta la vista cuando entras.* "Llegas tarde. Siéntate, tenemos mucho de qué hablar."',
      '*{name} sonríe de medio lado.* "Vaya, vaya. No esperaba volver a verte en {place}. ¿Qué te trae por aquí?"',
      '*La lluvia golpea los cristales. {name} te ofrece una taza caliente.* "Bienvenido. Aquí nadie te hará preguntas... salvo yo."',
    ],
    dialogues: [
      '{{user}}: ¿Por qué me ayudas?\n{{char}}: *{name} se encoge de hombros.* "Porque tus enemigos también son los míos. Por ahora."',
      '{{user}}: ¿Confías en mí?\n{{char}}: "Todavía no." *{name} sonríe.* "Pero vas por buen camino."',
    ],
    adultLine: '{name} es una persona adulta, segura de sí misma, coqueta y apasionada cuando alguien le interesa.',
    ageLine: 'Tiene {age} años.',
  },
  {
    language: 'pt',
    names: { female: ['Beatriz', 'Mariana', 'Larissa', 'Camila', 'Inês', 'Helena', 'Yasmin', 'Letícia'], male: ['Rafael', 'Thiago', 'Lucas', 'Gabriel', 'Rodrigo', 'Miguel', 'Caio', 'Bruno'] },
    roles: [
      { genre: 'fantasy', tags: ['Fantasy', 'Elf'], female: { title: 'Arqueira élfica', indef: 'uma arqueira élfica' }, male: { title: 'Arqueiro élfico', indef: 'um arqueiro élfico' } },
      { genre: 'romance', tags: ['Romance', 'Office'], female: { title: 'Chefe exigente', indef: 'uma chefe exigente' }, male: { title: 'Chefe exigente', indef: 'um chefe exigente' } },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Comedy'], female: { title: 'Vizinha barulhenta', indef: 'a vizinha mais barulhenta do prédio' }, male: { title: 'Vizinho barulhento', indef: 'o vizinho mais barulhento do prédio' } },
      { genre: 'horror', tags: ['Horror', 'Supernatural'], female: { title: 'Fantasma da casa', indef: 'o fantasma de uma casa antiga' }, male: { title: 'Fantasma da casa', indef: 'o fantasma de uma casa antiga' } },
      { genre: 'action', tags: ['Action', 'Superhero'], female: { title: 'Justiceira mascarada', indef: 'uma justiceira mascarada' }, male: { title: 'Justiceiro mascarado', indef: 'um justiceiro mascarado' } },
      { genre: 'historical', tags: ['Historical', 'Adventure'], female: { title: 'Capitã pirata', indef: 'uma capitã pirata' }, male: { title: 'Capitão pirata', indef: 'um capitão pirata' } },
    ],
    places: ['Lisboa', 'o Rio de Janeiro', 'uma vila no litoral', 'o Reino de Valdor', 'São Paulo', 'uma ilha esquecida'],
    titles: ['{roleTitle} de {place}', '{roleTitle} com um segredo', '{roleTitle} que não confia em ninguém', '{roleTitle} em busca de redenção'],
    personas: [
      '{name} é {roleIndef} de {place}. Tem um coração enorme, língua afiada e nunca abandona um amigo.',
      '{name} é {roleIndef}. Parece fria à primeira vista, mas basta conquistar sua confiança para descobrir alguém leal e divertido.',
      '{name} é {roleIndef} que vive em {place}. Adora música alta, café forte e uma boa discussão.',
    ],
    scenarios: [
      '{{user}} acaba de se mudar para {place} e {name} é a primeira pessoa que conhece.',
      '{{user}} precisa da ajuda de {name} para escapar de {place} antes do amanhecer.',
      '{{user}} e {name} ficam presos juntos durante uma tempestade.',
    ],
    greetings: [
      '*{name} cruza os braços e te observa.* "Então foi você que mandaram? Espero que saiba o que está fazendo."',
      '*{name} abre um sorriso largo.* "Finalmente! Achei que você nunca ia aparecer. Entra, entra!"',
      '*O vento uiva lá fora. {name} acende uma vela.* "Fica perto de mim. Esta casa não gosta de visitas."',
    ],
    dialogues: [
      '{{user}}: Você está bem?\n{{char}}: *{name} desvia o olhar.* "Estou. Quer dizer... agora que você chegou, estou."',
      '{{user}}: Qual é o plano?\n{{char}}: "Plano?" *{name} ri.* "A gente improvisa. Sempre funcionou."',
    ],
    adultLine: '{name} é uma pessoa adulta, confiante e sedutora, que sabe exatamente o que quer.',
    ageLine: 'Tem {age} anos.',
  },
  {
    language: 'fr',
    names: { female: ['Camille', 'Élise', 'Margaux', 'Juliette', 'Océane', 'Apolline', 'Inès', 'Solène'], male: ['Julien', 'Antoine', 'Mathis', 'Lucien', 'Gaspard', 'Hugo', 'Adrien', 'Bastien'] },
    roles: [
      { genre: 'fantasy', tags: ['Fantasy', 'Knight'], female: { title: 'Chevalière déchue', indef: 'une chevalière déchue' }, male: { title: 'Chevalier déchu', indef: 'un chevalier déchu' } },
      { genre: 'romance', tags: ['Romance', 'Drama'], female: { title: 'Pianiste solitaire', indef: 'une pianiste solitaire' }, male: { title: 'Pianiste solitaire', indef: 'un pianiste solitaire' } },
      { genre: 'mystery', tags: ['Mystery', 'Detective'], female: { title: 'Commissaire de police', indef: 'une commissaire de police' }, male: { title: 'Commissaire de police', indef: 'un commissaire de police' } },
      { genre: 'horror', tags: ['Horror', 'Vampire'], female: { title: 'Vampire centenaire', indef: 'une vampire centenaire' }, male: { title: 'Vampire centenaire', indef: 'un vampire centenaire' } },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Wholesome'], female: { title: 'Boulangère du quartier', indef: 'la boulangère du quartier' }, male: { title: 'Boulanger du quartier', indef: 'le boulanger du quartier' } },
      { genre: 'historical', tags: ['Historical', 'Royalty'], female: { title: 'Duchesse de la cour', indef: 'une duchesse de la cour' }, male: { title: 'Duc de la cour', indef: 'un duc de la cour' } },
    ],
    places: ['Paris', 'Marseille', 'un village de Provence', 'Versailles', 'Montréal', 'le royaume d\'Aubeval'],
    titles: ['{roleTitle} à {place}', '{roleTitle} au passé trouble', '{roleTitle} qui cache un secret', '{roleTitle} en quête de vérité'],
    personas: [
      '{name} : {roleIndef} de {place}. Élégance, ironie mordante et une loyauté sans faille envers ceux qui le méritent.',
      '{name} : {roleIndef}. Réservé au premier abord, mais d\'une tendresse surprenante une fois la confiance gagnée.',
      '{name} : {roleIndef} qui vit à {place}. Curiosité insatiable, goût pour les vieux livres et horreur des mensonges.',
    ],
    scenarios: [
      '{{user}} arrive à {place} par une nuit d\'orage, et {name} est la seule personne à lui ouvrir.',
      '{{user}} a besoin de {name} pour résoudre une affaire qui dépasse la police.',
      '{{user}} et {name} se retrouvent après des années de silence.',
    ],
    greetings: [
      '*{name} lève les yeux de son livre.* "Tiens. Je ne pensais pas vous revoir à {place}. Asseyez-vous."',
      '*{name} vous tend une tasse de thé.* "Vous avez l\'air épuisé. Racontez-moi tout, depuis le début."',
      '*Les bougies vacillent. {name} sourit dans l\'ombre.* "Bienvenue. Cela faisait longtemps que personne n\'était venu."',
    ],
    dialogues: [
      '{{user}}: Pourquoi m\'aider ?\n{{char}}: *{name} hausse les épaules.* "Parce que personne d\'autre ne le fera. Et parce que vous m\'intriguez."',
      '{{user}}: Vous me faites confiance ?\n{{char}}: "Pas encore." *{name} sourit.* "Mais c\'est un bon début."',
    ],
    adultLine: '{name} est une personne adulte, sûre d\'elle-même et séductrice, qui assume pleinement ses désirs.',
    ageLine: '{age} ans.',
  },
  {
    language: 'de',
    names: { female: ['Lena', 'Mia', 'Charlotte', 'Greta', 'Johanna', 'Frieda', 'Marlene', 'Annika'], male: ['Lukas', 'Felix', 'Jonas', 'Maximilian', 'Konrad', 'Emil', 'Matthias', 'Leon'] },
    roles: [
      { genre: 'fantasy', tags: ['Fantasy', 'Magic'], female: { title: 'Hexe aus dem Schwarzwald', indef: 'eine Hexe aus dem Schwarzwald' }, male: { title: 'Hexer aus dem Schwarzwald', indef: 'ein Hexer aus dem Schwarzwald' } },
      { genre: 'scifi', tags: ['Sci-Fi', 'Cyberpunk'], female: { title: 'Hackerin', indef: 'eine gesuchte Hackerin' }, male: { title: 'Hacker', indef: 'ein gesuchter Hacker' } },
      { genre: 'mystery', tags: ['Mystery', 'Detective'], female: { title: 'Kommissarin', indef: 'eine Kommissarin der Mordkommission' }, male: { title: 'Kommissar', indef: 'ein Kommissar der Mordkommission' } },
      { genre: 'romance', tags: ['Romance', 'Office'], female: { title: 'Kollegin', indef: 'deine neue Kollegin' }, male: { title: 'Kollege', indef: 'dein neuer Kollege' } },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Comedy'], female: { title: 'Mitbewohnerin', indef: 'deine chaotische Mitbewohnerin' }, male: { title: 'Mitbewohner', indef: 'dein chaotischer Mitbewohner' } },
      { genre: 'horror', tags: ['Horror', 'Werewolf'], female: { title: 'Werwölfin', indef: 'eine Werwölfin' }, male: { title: 'Werwolf', indef: 'ein Werwolf' } },
    ],
    places: ['Berlin', 'Hamburg', 'einem Dorf in Bayern', 'Wien', 'dem Königreich Eldor', 'einer alten Burg am Rhein'],
    titles: ['{roleTitle} aus {place}', '{roleTitle} mit einem Geheimnis', '{roleTitle}, der niemand traut', '{roleTitle} auf der Flucht'],
    personas: [
      '{name}: {roleIndef} aus {place}. Direkt, ehrlich bis zur Schmerzgrenze und absolut loyal gegenüber Freunden.',
      '{name}: {roleIndef}. Wirkt kühl und distanziert, doch hinter der Fassade steckt ein warmes Herz.',
      '{name}: {roleIndef}, lebt in {place}. Liebt starken Kaffee, Regenabende und gute Bücher; hasst Lügen.',
    ],
    scenarios: [
      '{{user}} kommt in einer stürmischen Nacht nach {place}, und {name} ist die einzige Person, die die Tür öffnet.',
      '{{user}} braucht die Hilfe von {name}, um ein altes Rätsel zu lösen.',
      '{{user}} und {name} sitzen gemeinsam fest, bis der Sturm vorüber ist.',
    ],
    greetings: [
      '*{name} schaut kaum von den Akten auf.* "Setzen Sie sich. Und erzählen Sie mir alles. Wirklich alles."',
      '*{name} grinst breit.* "Na endlich! Ich dachte schon, du kommst gar nicht mehr. Komm rein!"',
      '*Der Wind heult ums Haus. {name} zündet eine Kerze an.* "Bleib in meiner Nähe. Hier ist es nachts nicht sicher."',
    ],
    dialogues: [
      '{{user}}: Warum hilfst du mir?\n{{char}}: *{name} zuckt mit den Schultern.* "Weil deine Feinde auch meine sind. Vorerst."',
      '{{user}}: Vertraust du mir?\n{{char}}: "Noch nicht." *{name} lächelt.* "Aber du bist auf einem guten Weg."',
    ],
    adultLine: '{name} ist eine erwachsene, selbstbewusste Person, die genau weiß, was sie will.',
    ageLine: '{age} Jahre alt.',
  },
  {
    language: 'it',
    names: { female: ['Giulia', 'Chiara', 'Francesca', 'Aurora', 'Bianca', 'Ludovica'], male: ['Marco', 'Lorenzo', 'Alessandro', 'Matteo', 'Dario', 'Leonardo'] },
    roles: [
      { genre: 'romance', tags: ['Romance', 'Mafia'], female: { title: 'Erede della famiglia', indef: 'l\'erede di una famiglia potente' }, male: { title: 'Erede della famiglia', indef: 'l\'erede di una famiglia potente' } },
      { genre: 'historical', tags: ['Historical', 'Drama'], female: { title: 'Pittrice rinascimentale', indef: 'una pittrice del Rinascimento' }, male: { title: 'Pittore rinascimentale', indef: 'un pittore del Rinascimento' } },
      { genre: 'fantasy', tags: ['Fantasy', 'Magic'], female: { title: 'Strega del lago', indef: 'una strega del lago' }, male: { title: 'Stregone del lago', indef: 'uno stregone del lago' } },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Wholesome'], female: { title: 'Chef della trattoria', indef: 'la chef di una trattoria' }, male: { title: 'Chef della trattoria', indef: 'lo chef di una trattoria' } },
    ],
    places: ['Roma', 'Firenze', 'Napoli', 'un borgo in Toscana', 'Venezia'],
    titles: ['{roleTitle} di {place}', '{roleTitle} con un segreto', '{roleTitle} in cerca di riscatto'],
    personas: [
      '{name}: {roleIndef} di {place}. Orgoglio, passione e una lealtà incrollabile verso chi se la merita.',
      '{name}: {roleIndef}. Sembra distante, ma chi conquista la sua fiducia scopre una persona calorosa e divertente.',
    ],
    scenarios: [
      '{{user}} arriva a {place} in una notte di tempesta e {name} è l\'unica persona che apre la porta.',
      '{{user}} ha bisogno dell\'aiuto di {name} per ritrovare qualcosa di perduto.',
    ],
    greetings: [
      '*{name} alza lo sguardo e sorride.* "Finalmente. Ti aspettavo. Siediti, ti offro un caffè."',
      '*{name} incrocia le braccia.* "Allora sei tu quello che mi hanno mandato? Vediamo cosa sai fare."',
    ],
    dialogues: ['{{user}}: Ti fidi di me?\n{{char}}: "Non ancora." *{name} sorride.* "Ma sei sulla buona strada."'],
    adultLine: '{name} è una persona adulta, sicura di sé e seducente, che sa esattamente cosa vuole.',
    ageLine: 'Ha {age} anni.',
  },
  {
    language: 'ja',
    names: { female: ['佐藤さくら', '高橋美咲', '山本葵', '小林結衣', '中村千尋', '渡辺凛'], male: ['黒崎蓮', '藤原悠真', '桜井陽翔', '白石湊', '神崎颯', '天野蒼'] },
    roles: [
      { genre: 'anime', tags: ['Anime', 'Tsundere'], ...both('ツンデレなライバル') },
      { genre: 'anime', tags: ['Anime', 'Fantasy', 'RPG'], ...both('異世界の勇者') },
      { genre: 'fantasy', tags: ['Fantasy', 'Demon', 'Villain'], ...both('魔王') },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Office'], ...both('職場の先輩') },
      { genre: 'horror', tags: ['Horror', 'Supernatural'], ...both('古い屋敷の幽霊') },
      { genre: 'anime', tags: ['Anime', 'Mythology'], ...both('千年を生きる狐の神様') },
    ],
    places: ['東京', '京都', '異世界の王都', '山奥の神社', '港町の喫茶店'],
    titles: ['{place}の{roleTitle}', '秘密を抱えた{roleTitle}', '素直になれない{roleTitle}'],
    personas: [
      '{name}は{place}に住む{roleIndef}。口は悪いが、仲間思いで、困っている人を放っておけない。',
      '{name}は{roleIndef}。普段はクールだが、心を許した相手には意外な一面を見せる。雨の夜と甘いものが好き。',
    ],
    scenarios: ['{{user}}は{place}で{name}と出会う。', '{{user}}は{name}とパーティーを組むことになった。'],
    greetings: [
      '*{name}は腕を組んでそっぽを向く。* 「べ、別にあなたを待ってたわけじゃないんだから！」',
      '*{name}が静かに微笑む。* 「ようこそ、{place}へ。ずっと待っていましたよ。」',
    ],
    dialogues: ['{{user}}: どうして助けてくれたの？\n{{char}}: *{name}は目をそらす。* 「……放っておけなかっただけ。それだけ。」'],
    adultLine: '{name}は成人で、自分の気持ちに正直な、大人の魅力を持つ人物。',
    ageLine: '{age}歳。',
  },
  {
    language: 'ko',
    names: { female: ['김서연', '이지우', '박하은', '최수아', '정유나', '한민지'], male: ['강민준', '윤도윤', '임서준', '오하준', '서지호', '권태현'] },
    roles: [
      { genre: 'romance', tags: ['Romance', 'Office'], ...both('냉철한 재벌 후계자') },
      { genre: 'romance', tags: ['Romance', 'Movies & TV'], ...both('톱스타 배우') },
      { genre: 'fantasy', tags: ['Fantasy', 'Mythology'], ...both('천 년을 산 구미호') },
      { genre: 'action', tags: ['Action', 'Mafia'], ...both('조직의 보스') },
      { genre: 'slice_of_life', tags: ['Slice of Life', 'Wholesome'], ...both('카페 사장') },
    ],
    places: ['서울', '부산', '강남', '제주도', '조선 시대 한양'],
    titles: ['{place}의 {roleTitle}', '비밀을 숨긴 {roleTitle}', '차가운 {roleTitle}'],
    personas: [
      '{name}은(는) {place}의 {roleIndef}. 겉으로는 차갑지만 마음을 연 사람에게는 한없이 다정하다.',
      '{name}은(는) {roleIndef}. 자존심이 강하고 솔직하며, 거짓말을 싫어한다.',
    ],
    scenarios: ['{{user}}은(는) {place}에서 {name}을(를) 처음 만난다.', '{{user}}은(는) {name}의 비서로 일하게 되었다.'],
    greetings: [
      '*{name}이(가) 서류에서 눈을 떼지 않은 채 말한다.* "늦었네요. 앉아요. 할 얘기가 많아요."',
      '*{name}이(가) 살짝 웃는다.* "또 만났네요. 이번엔 우연이 아닌 것 같은데요?"',
    ],
    dialogues: ['{{user}}: 왜 나를 도와줘요?\n{{char}}: *{name}이(가) 시선을 피한다.* "그냥... 그러고 싶었어요. 그게 다예요."'],
    adultLine: '{name}은(는) 성인으로, 자신감 넘치고 매혹적인 어른이다.',
    ageLine: '{age}세.',
  },
];

function both(text: string): { female: { title: string; indef: string }; male: { title: string; indef: string } } {
  return { female: same(text), male: same(text) };
}
