import { auditEveryPage } from './accessibility.ts';

// Issue 24: the second third of the page groups, both themes (the others: accessibility-1 and -3.spec.ts).
auditEveryPage(1, 3);
