import { ModalDialog } from "~/components/modal-dialog";

/** The site's own logout confirmation (the /auth page asks the same without JavaScript). */
const LOGOUT_CONFIRM = "确定退出登录吗？";

type Props = { onCancel: () => void; onConfirm: () => void };

/** Spec section 2: the avatar's tap asks before logging out. Shown open; closing it by any means cancels. */
export function LogoutConfirm({ onCancel, onConfirm }: Props) {
  return (
    <ModalDialog open onClose={onCancel} className="confirm" labelledBy="logout-confirm-title">
      <h2 id="logout-confirm-title" className="confirm__title">
        {LOGOUT_CONFIRM}
      </h2>
      <div className="confirm__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} autoFocus>
          取消
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          确定退出
        </button>
      </div>
    </ModalDialog>
  );
}
