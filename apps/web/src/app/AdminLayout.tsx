import { authApi } from '@factoring/domain/contract';
import {
  AuditOutlined,
  BankOutlined,
  BulbOutlined,
  DatabaseOutlined,
  GoldOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  ShoppingOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Menu, Space, Switch, theme, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { send } from '../lib/api-client.ts';
import { useKeyboardScrollRegions } from '../lib/scroll-regions.ts';
import { setAuthority } from '../lib/storage.ts';
import type { LoginUser, MenuItem } from '../lib/session.ts';
import { breadcrumbsFor, buildMenuTree, siderPlaceFor, type MenuNode } from './guard.ts';
import { isBuiltRoute } from './route-table.ts';
import { ReminderSlot } from './ReminderSlot.tsx';
import { useAppState } from './state.ts';
import { forgetReminder } from './useExpiryReminder.ts';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  bank: <BankOutlined />,
  gold: <GoldOutlined />,
  database: <DatabaseOutlined />,
  shopping: <ShoppingOutlined />,
  wallet: <WalletOutlined />,
  audit: <AuditOutlined />,
};

// The menu popover exists only in the narrow (390 px) navbar: not part of a desktop first load.
const Popover = lazy(() => import('antd/es/popover'));
// The user menu's dropdown opens on hover: it loads when the pointer or the focus first reaches the button.
let Dropdown: typeof import('antd/es/dropdown').default | undefined;
let loadingDropdown: Promise<void> | undefined;
const loadDropdown = () =>
  (loadingDropdown ??= import('antd/es/dropdown').then((m) => {
    Dropdown = m.default;
  }));

type AntMenuItem = Required<MenuProps>['items'][number];

function toMenuItems(nodes: MenuNode[]): AntMenuItem[] {
  return nodes.map((n) => {
    const icon = n.icon ? ICONS[n.icon] : undefined;
    if (n.children.length) return { key: `m${n.id}`, icon, label: n.name, children: toMenuItems(n.children) };
    return { key: n.route ?? `m${n.id}`, icon, label: n.name };
  });
}

async function logout() {
  const res = await send(authApi.logout);
  if (res.status !== 'OK') throw res;
  forgetReminder();
  // SPEC §4: clear the user and stored authority, then reload the page.
  setAuthority(null);
  window.location.reload();
}

type ShellProps = { user: LoginUser; menus: MenuItem[]; children: ReactNode };

/** The signed-in shell: sider menu from the server's tree, header, breadcrumbs (antd-admin style). */
export default function AdminLayout({ user, menus, children }: ShellProps) {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  useKeyboardScrollRegions();
  const navigate = useNavigate();
  const { darkTheme, siderFold, navOpenKeys, isNavbar, menuPopoverVisible, toggleTheme, toggleSider, setNavOpenKeys, setMenuPopover } =
    useAppState();
  const items = useMemo(() => toMenuItems(buildMenuTree(menus, isBuiltRoute)), [menus]);
  const crumbs = useMemo(() => breadcrumbsFor(pathname, menus), [pathname, menus]);
  const place = useMemo(() => siderPlaceFor(pathname, menus), [pathname, menus]);
  // The submenu holding the current page is open, after a reload or a link from another page too;
  // submenus the user opened stay open.
  useEffect(() => {
    const { navOpenKeys: open, setNavOpenKeys: setOpen } = useAppState.getState();
    const missing = place.openKeys.filter((k) => !open.includes(k));
    if (missing.length) setOpen([...open, ...missing]);
  }, [place]);

  const menu = (
    <Menu
      mode="inline"
      theme={darkTheme ? 'dark' : 'light'}
      items={items}
      selectedKeys={place.selectedKey ? [place.selectedKey] : []}
      openKeys={siderFold && !isNavbar ? undefined : navOpenKeys}
      onOpenChange={setNavOpenKeys}
      onClick={({ key }) => {
        setMenuPopover(false);
        if (key.startsWith('/')) navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
      data-testid="sider-menu"
    />
  );

  const userMenu: MenuProps['items'] = [
    { key: 'setting', icon: <SettingOutlined />, label: '账户设置', onClick: () => navigate('/sys/setting') },
    { key: 'sys', icon: <BankOutlined />, label: '平台信息', onClick: () => navigate('/sys') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void logout() },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!isNavbar && (
        <Layout.Sider
          collapsible
          collapsed={siderFold}
          trigger={null}
          width={220}
          theme={darkTheme ? 'dark' : 'light'}
          data-testid="sider"
          data-folded={siderFold}
        >
          <div
            style={{
              height: 56,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 600,
              fontSize: siderFold ? 14 : 18,
              // The dark sider is navy: the brand blue would not read on it.
              color: darkTheme ? token.colorTextLightSolid : token.colorPrimary,
            }}
          >
            {siderFold ? '鑫链' : '鑫链保理'}
          </div>
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: 16,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {isNavbar ? (
            <Suspense fallback={<Button icon={<MenuOutlined />} aria-label="菜单" disabled />}>
              <Popover
                content={<div style={{ width: 240 }}>{menu}</div>}
                trigger="click"
                placement="bottomLeft"
                open={menuPopoverVisible}
                onOpenChange={setMenuPopover}
              >
                <Button icon={<MenuOutlined />} aria-label="菜单" data-testid="navbar-menu-button" />
              </Popover>
            </Suspense>
          ) : (
            <Button
              type="text"
              icon={siderFold ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggleSider}
              aria-label={siderFold ? '展开侧栏' : '收起侧栏'}
              data-testid="sider-toggle"
            />
          )}
          <Space size="middle">
            <ReminderSlot />
            <Space size={4}>
              <BulbOutlined />
              <Switch size="small" checked={darkTheme} onChange={toggleTheme} aria-label="暗色主题" data-testid="theme-switch" />
            </Space>
            <UserMenu items={userMenu}>
              {!isNavbar && (
                <span>
                  {user.displayName}
                  {user.enterpriseName ? ` · ${user.enterpriseName}` : ''}
                </span>
              )}
            </UserMenu>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: isNavbar ? 8 : 16 }}>
          {crumbs.length > 1 && (
            <Breadcrumb
              style={{ marginBottom: 12 }}
              items={crumbs.map((c, i) => ({ title: c.route && i < crumbs.length - 1 ? <Link to={c.route}>{c.name}</Link> : c.name }))}
            />
          )}
          <div
            style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: isNavbar ? 12 : 24, minHeight: 360 }}
          >
            {children}
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * The user's name in the header and its menu (settings, platform, logout): antd's Dropdown, which
 * opens on hover, loaded when the pointer (or the focus) first reaches the button — ~4 KB on the wire
 * of every signed-in page that most visits never open (issue 38). Until it is here the button follows
 * the pointer itself, so a pointer still over it opens the menu on arrival; a focused button keeps the
 * focus when the dropdown takes it over.
 */
function UserMenu({ items, children }: { items: MenuProps['items']; children: ReactNode }) {
  const [ready, setReady] = useState(Dropdown !== undefined);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const plain = useRef<HTMLButtonElement>(null);
  const load = () =>
    void loadDropdown().then(() => {
      setRefocus(document.activeElement === plain.current);
      setReady(true);
    });
  if (ready && Dropdown)
    return (
      <Dropdown menu={{ items }} placement="bottomRight" open={open} onOpenChange={setOpen}>
        <Button type="text" icon={<UserOutlined />} data-testid="user-menu" autoFocus={refocus}>
          {children}
        </Button>
      </Dropdown>
    );
  return (
    <Button
      ref={plain}
      type="text"
      icon={<UserOutlined />}
      data-testid="user-menu"
      onPointerEnter={() => {
        setOpen(true);
        load();
      }}
      onPointerLeave={() => setOpen(false)}
      onFocus={load}
    >
      {children}
    </Button>
  );
}
