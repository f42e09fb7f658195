export { hasHistory, historyRecord, toHistoryRecords } from './records.js';
export { baselineHistory, type BaselineRoute } from './baseline.js';
