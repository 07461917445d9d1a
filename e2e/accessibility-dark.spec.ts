import { auditEveryPage } from './accessibility.ts';

// Issue 24, the dark theme (the light one and the route coverage: accessibility-light.spec.ts).
auditEveryPage(true);
