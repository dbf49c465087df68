import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedV2Card } from '../../api/src/modules/cards/testing/generatedCardData';
import { v2CardPng } from '../../api/src/modules/cards/testing/generatedCardFiles';

/**
 * Character card files for the specs, generated (the api's test cards: api/src/modules/cards/testing), written to a
 * folder of the test's own (test.info().outputDir), so that no spec needs the real cards of shared/fixtures.
 */

/** The V2 card a SillyTavern PNG holds (chara only, V1 fields mirrored, a character book), on a 256×256 picture. */
export function writeV2CardPng(dir: string, fileName = 'generated_Lyra.png'): { file: string; name: string } {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, fileName);
  writeFileSync(file, v2CardPng(generatedV2Card(), { width: 256, height: 256 }));
  return { file, name: generatedV2Card().name };
}
