;;; check.el --- A batch check that eglot talks to `cardlang lsp' (docs/editors.md) -*- lexical-binding: t -*-

;;   PATH=/path/to/cardlang/target/debug:$PATH emacs --batch -l editors/emacs/check.el FILE.cardgame
;;
;; Opens FILE in `cardgame-mode', starts eglot on it as M-x eglot does (`eglot-ensure' waits for
;; the command loop, which batch mode lacks), waits up to 15 s for the diagnostics, prints them,
;; formats the buffer (not saved) and counts imenu's entries (the outline). Exits 1 when no
;; diagnostic came. Eglot is built in from Emacs 29; on Emacs 28 install it (Debian: elpa-eglot).

;;; Code:

(package-initialize)
(require 'eglot)
(require 'flymake)
(load-file (expand-file-name "cardgame-mode.el" (file-name-directory load-file-name)))
(find-file (car command-line-args-left))
(message "mode: %s; server program: %S" major-mode (cdr (assoc 'cardgame-mode eglot-server-programs)))
(apply #'eglot (eglot--guess-contact))
(let ((deadline (+ (float-time) 15)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (accept-process-output nil 0.2)
    (ignore-errors (flymake-start))))
(dolist (d (flymake-diagnostics))
  (message "diagnostic: line %d: %s: %s" (line-number-at-pos (flymake-diagnostic-beg d))
           (flymake-diagnostic-type d) (flymake-diagnostic-text d)))
(let ((got (flymake-diagnostics))
      (before (buffer-string)))
  (eglot-format-buffer)
  (message "formatting changed the buffer: %s" (if (equal before (buffer-string)) "no" "yes"))
  (message "outline (imenu): %d entries" (length (funcall imenu-create-index-function)))
  (set-buffer-modified-p nil)
  (kill-emacs (if got 0 1)))

;;; check.el ends here
