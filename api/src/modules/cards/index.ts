/** Character card import and export (issue 13): pure functions, no routes. */
export { importCard, type CardImportResult, type ImportedCard, type ImportedCharacter, type ImportedLorebook } from './importCard';
export { exportCardCharx, exportCardJson, exportCardPng, exportLorebookJson, type ExportCharacter, type ExportOptions } from './exportCard';
export { CARD_ERROR_MESSAGES, PNG_CARD_ERROR_MESSAGES, type CardError, type CardErrorCode } from './cardErrors';
export { CARD_CAPS } from './cardCaps';
export { type CardAvatar } from './cardAssets';
export { selectCardFiles, sha256Hex, type CardFileSelection, type KeptCardFile, type LeftCardFile } from './cardFiles';
export { type CutField } from './mapCharacter';
export {
  CardExtrasSchema,
  CardFileRefsSchema,
  emptyCardExtras,
  type CardCharacter,
  type CardExtras,
  type CardFile,
  type CardFileRef,
  type LorebookV3,
} from './cardTypes';
export { benchCardImport } from './cardImportBench';
export { WORLD_INFO_KEY } from './worldInfo';
export { exportWorldInfoJson, worldInfoOf } from './worldInfoExport';
