// antd's date picker, with dayjs speaking Chinese: the picker asks dayjs for the week's first day and
// the short names of days and months in the ConfigProvider's locale (zh_CN → dayjs's `zh-cn`), which
// dayjs knows only once its locale file has run. Here, not in the admin shell: the shell's pages show
// no calendar before one is opened, and dayjs with its locale is ~2 KB on the wire of every signed-in
// page (issue 38). Import DatePicker from this module, never from antd (date-picker.test.ts checks).
import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export { DatePicker };
