// The kit's Modal; its dialog loader is the tests' business (scripts/jest/setupWeb.ts), not the package's API.
export { Modal, type ModalProps, type ModalSize } from './Modal';
