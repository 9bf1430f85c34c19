import { createContext, type ReactNode, useContext } from 'react';

// The shell's own controls (study timer, messages, offline state) live in every screen's title bar,
// never floating over the page: nothing may lie over a control (issue 23). app/ decides what they
// are; a screen's header only says where they go.

const HeaderActionsContext = createContext<ReactNode>(null);

export function HeaderActionsProvider({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return <HeaderActionsContext.Provider value={actions}>{children}</HeaderActionsContext.Provider>;
}

/** The right end of a title bar: the screen's own actions (`children`), then the shell's. */
export function HeaderActions({ children }: { children?: ReactNode }) {
  const shared = useContext(HeaderActionsContext);
  if (!children && !shared) return null;
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1">
      {children}
      {shared}
    </div>
  );
}
