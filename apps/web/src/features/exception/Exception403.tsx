import { ExceptionPage } from './ExceptionPage.tsx';

export default function Exception403() {
  return <ExceptionPage code={403} />;
}
