// The reference face (issue 23): areas, banks and branches, the certification dictionaries and the
// branch import (npm run branches:import). app.ts registers routes.ts itself.
export { cityByCode, listCities, provinceByCode, provinceOfCity } from './areas.ts';
export { BANKS } from './banks.ts';
export { findBank, findBranch, unionBankNosByName } from './branches.ts';
export { sampleBranches } from './branch-sample.ts';
export { CERTIFICATION_DICTIONARIES } from './dictionaries.ts';
export { importBranches, parseBranchCsv, type ImportResult } from './import-branches.ts';
