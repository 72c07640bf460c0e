import { maintenanceExample } from './examples/maintenance.example';

// The examples of docs/testing.md, run as they are written there (tests/model/docs.test.ts checks
// that the document shows this code).
maintenanceExample();
