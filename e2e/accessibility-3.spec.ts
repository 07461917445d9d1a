import { auditEveryPage } from './accessibility.ts';

// Issue 24: the last third of the page groups, both themes (the others: accessibility-1 and -2.spec.ts).
auditEveryPage(2, 3);
