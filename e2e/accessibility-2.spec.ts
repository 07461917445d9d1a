import { auditEveryPage } from './accessibility.ts';

// Issue 24: the second half of the page groups, both themes (the first half: accessibility-1.spec.ts).
auditEveryPage(1, 2);
