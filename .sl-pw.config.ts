import base from './playwright.config.ts';
export default { ...base, outputDir: '/tmp/sl-pw-results', use: { ...base.use, baseURL: 'http://localhost:18457' }, webServer: undefined };
