import type { Country, CountryState } from '@fable/contracts';

/**
 * The checkout's countries and states (document 2 §3 "Country entries: id, iso2, name. State entries: id, name,
 * state_code"). Ours, static: the ISO 3166-1 alpha-2 codes in use (Kosovo's XK included) with their English names
 * from the runtime's ICU data; states for the countries whose field the spec labels State (US, AU, BR, IN, MX, NG,
 * DE) and for Canada's provinces. Every other country has no list: its state is optional (document 2 §4). Ids are
 * the iso2 code and `<iso2>-<state_code>`.
 */
const ISO2 = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY
BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA
GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG
KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW
MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD
SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA
VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`.split(/\s+/);

/** state_code:name pairs, ";"-separated. */
const STATES: Readonly<Record<string, string>> = {
  US: `AL:Alabama;AK:Alaska;AZ:Arizona;AR:Arkansas;CA:California;CO:Colorado;CT:Connecticut;DE:Delaware;DC:District of Columbia;FL:Florida;GA:Georgia;HI:Hawaii;ID:Idaho;IL:Illinois;IN:Indiana;IA:Iowa;KS:Kansas;KY:Kentucky;LA:Louisiana;ME:Maine;MD:Maryland;MA:Massachusetts;MI:Michigan;MN:Minnesota;MS:Mississippi;MO:Missouri;MT:Montana;NE:Nebraska;NV:Nevada;NH:New Hampshire;NJ:New Jersey;NM:New Mexico;NY:New York;NC:North Carolina;ND:North Dakota;OH:Ohio;OK:Oklahoma;OR:Oregon;PA:Pennsylvania;RI:Rhode Island;SC:South Carolina;SD:South Dakota;TN:Tennessee;TX:Texas;UT:Utah;VT:Vermont;VA:Virginia;WA:Washington;WV:West Virginia;WI:Wisconsin;WY:Wyoming;PR:Puerto Rico`,
  CA: `AB:Alberta;BC:British Columbia;MB:Manitoba;NB:New Brunswick;NL:Newfoundland and Labrador;NS:Nova Scotia;NT:Northwest Territories;NU:Nunavut;ON:Ontario;PE:Prince Edward Island;QC:Quebec;SK:Saskatchewan;YT:Yukon`,
  AU: `ACT:Australian Capital Territory;NSW:New South Wales;NT:Northern Territory;QLD:Queensland;SA:South Australia;TAS:Tasmania;VIC:Victoria;WA:Western Australia`,
  BR: `AC:Acre;AL:Alagoas;AP:Amapá;AM:Amazonas;BA:Bahia;CE:Ceará;DF:Distrito Federal;ES:Espírito Santo;GO:Goiás;MA:Maranhão;MT:Mato Grosso;MS:Mato Grosso do Sul;MG:Minas Gerais;PA:Pará;PB:Paraíba;PR:Paraná;PE:Pernambuco;PI:Piauí;RJ:Rio de Janeiro;RN:Rio Grande do Norte;RS:Rio Grande do Sul;RO:Rondônia;RR:Roraima;SC:Santa Catarina;SP:São Paulo;SE:Sergipe;TO:Tocantins`,
  IN: `AN:Andaman and Nicobar Islands;AP:Andhra Pradesh;AR:Arunachal Pradesh;AS:Assam;BR:Bihar;CH:Chandigarh;CT:Chhattisgarh;DH:Dadra and Nagar Haveli and Daman and Diu;DL:Delhi;GA:Goa;GJ:Gujarat;HR:Haryana;HP:Himachal Pradesh;JK:Jammu and Kashmir;JH:Jharkhand;KA:Karnataka;KL:Kerala;LA:Ladakh;LD:Lakshadweep;MP:Madhya Pradesh;MH:Maharashtra;MN:Manipur;ML:Meghalaya;MZ:Mizoram;NL:Nagaland;OR:Odisha;PY:Puducherry;PB:Punjab;RJ:Rajasthan;SK:Sikkim;TN:Tamil Nadu;TG:Telangana;TR:Tripura;UP:Uttar Pradesh;UT:Uttarakhand;WB:West Bengal`,
  MX: `AGU:Aguascalientes;BCN:Baja California;BCS:Baja California Sur;CAM:Campeche;CHP:Chiapas;CHH:Chihuahua;CMX:Ciudad de México;COA:Coahuila;COL:Colima;DUR:Durango;GUA:Guanajuato;GRO:Guerrero;HID:Hidalgo;JAL:Jalisco;MEX:Estado de México;MIC:Michoacán;MOR:Morelos;NAY:Nayarit;NLE:Nuevo León;OAX:Oaxaca;PUE:Puebla;QUE:Querétaro;ROO:Quintana Roo;SLP:San Luis Potosí;SIN:Sinaloa;SON:Sonora;TAB:Tabasco;TAM:Tamaulipas;TLA:Tlaxcala;VER:Veracruz;YUC:Yucatán;ZAC:Zacatecas`,
  NG: `AB:Abia;AD:Adamawa;AK:Akwa Ibom;AN:Anambra;BA:Bauchi;BY:Bayelsa;BE:Benue;BO:Borno;CR:Cross River;DE:Delta;EB:Ebonyi;ED:Edo;EK:Ekiti;EN:Enugu;FC:Federal Capital Territory;GO:Gombe;IM:Imo;JI:Jigawa;KD:Kaduna;KN:Kano;KT:Katsina;KE:Kebbi;KO:Kogi;KW:Kwara;LA:Lagos;NA:Nasarawa;NI:Niger;OG:Ogun;ON:Ondo;OS:Osun;OY:Oyo;PL:Plateau;RI:Rivers;SO:Sokoto;TA:Taraba;YO:Yobe;ZA:Zamfara`,
  DE: `BW:Baden-Württemberg;BY:Bavaria;BE:Berlin;BB:Brandenburg;HB:Bremen;HH:Hamburg;HE:Hesse;MV:Mecklenburg-Vorpommern;NI:Lower Saxony;NW:North Rhine-Westphalia;RP:Rhineland-Palatinate;SL:Saarland;SN:Saxony;ST:Saxony-Anhalt;SH:Schleswig-Holstein;TH:Thuringia`,
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const COUNTRIES: readonly Country[] = ISO2.map((iso2) => ({ id: iso2, iso2, name: regionNames.of(iso2) ?? iso2 })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);
const COUNTRY_CODES = new Set(ISO2);

const STATE_LISTS: ReadonlyMap<string, readonly CountryState[]> = new Map(
  Object.entries(STATES).map(([iso2, list]) => [
    iso2,
    list.split(';').map((pair) => {
      const [stateCode, name] = pair.split(':') as [string, string];
      return { id: `${iso2}-${stateCode}`, name, state_code: stateCode };
    }),
  ]),
);

/** Every country, by English name. */
export function listCountries(): readonly Country[] {
  return COUNTRIES;
}

/** Whether an iso2 code (upper case) is one of ours. */
export function isKnownCountry(iso2: string): boolean {
  return COUNTRY_CODES.has(iso2);
}

/** A country's states, or [] when it has none (the state is then optional); null for an unknown country. */
export function statesOf(iso2: string): readonly CountryState[] | null {
  if (!COUNTRY_CODES.has(iso2)) return null;
  return STATE_LISTS.get(iso2) ?? [];
}
