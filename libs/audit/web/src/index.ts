export { AdminActivityPage, ACTIVITY_PAGE_SIZE } from './lib/pages/AdminActivity.page';
export { LatestActivity, LATEST_ACTIVITY_COUNT, type LatestActivityProps } from './lib/LatestActivity/LatestActivity';
export { ActivityTable, type ActivityTableProps } from './lib/activity/ActivityTable';
