export { default as CertificatePrintPage } from './CertificatePrintPage';
export { default as DepositDetailPage } from './DepositDetailPage';
export { default as DepositReportPage } from './DepositReportPage';
export { default as DepositsPage } from './DepositsPage';
export { default as HoldingPage } from './HoldingPage';
export { default as PlacementPage } from './PlacementPage';
export { default as PotentialInterestPage } from './PotentialInterestPage';
export { default as ReleasePage } from './ReleasePage';
