// The kit's Dropdown; its menu loader is the tests' business (scripts/jest/setupWeb.ts), not the package's API.
export { Dropdown, type DropdownItem, type DropdownProps } from './Dropdown';
