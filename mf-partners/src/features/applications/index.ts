// The application + review feature both partner programmes use (resellers, suppliers).
export { PartnerApplications, type PartnerApplicationsProps } from './PartnerApplications.tsx';
export { PartnerDirectory, type PartnerDirectoryProps } from './PartnerDirectory.tsx';
