import { useEffect, useRef, type ReactNode } from "react";

type Props = {
  open: boolean;
  onClose: () => void;
  className: string;
  labelledBy: string;
  /** Any tap inside closes it too, not only one on the backdrop (for a layer that is all backdrop). */
  closeOnAnyTap?: boolean;
  children: ReactNode;
};

/** The browser's own <dialog> with showModal(): the page behind is inert, focus stays inside and Escape closes it. */
export function ModalDialog({ open, onClose, className, labelledBy, closeOnAnyTap = false, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a tap on the backdrop; Escape closes a modal <dialog> by itself
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={(event) => {
        if (closeOnAnyTap || event.target === event.currentTarget) ref.current?.close();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
