import { ExceptionPage } from './ExceptionPage.tsx';

export default function Exception500() {
  return <ExceptionPage code={500} />;
}
