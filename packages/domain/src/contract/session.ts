/** The logged-in user as `/api/user/current` answers it (`loginUser`), and as the server knows its caller. */
export interface LoginUser {
  id: number;
  loginName: string;
  displayName: string;
  authority: 'merchant' | 'operator';
  enterpriseId: number | null;
  enterpriseName: string | null;
  certified: boolean;
  ckFlag: 'Y' | 'N';
  purchaseSales: boolean;
}
