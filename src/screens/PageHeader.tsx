// The diagrams screen (another slice) imports the header from here; every other screen imports it from components/layout.
export { PageHeader } from '../components/layout/PageHeader.tsx';
