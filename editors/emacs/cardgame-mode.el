;;; cardgame-mode.el --- A minimal major mode for cardlang's *.cardgame files -*- lexical-binding: t -*-

;; Comments, strings, the reserved words, indentation by braces, and the language server
;; `cardlang lsp' through eglot (docs/editors.md). Put this file on your load-path and
;; (require 'cardgame-mode), then M-x eglot in a .cardgame buffer, or
;; (add-hook 'cardgame-mode-hook #'eglot-ensure).

;;; Code:

(defvar cardgame-mode-syntax-table
  (let ((st (make-syntax-table)))
    ;; `//' to the end of the line is a comment; `/' alone divides.
    (modify-syntax-entry ?/ ". 12" st)
    (modify-syntax-entry ?\n ">" st)
    (modify-syntax-entry ?\" "\"" st)
    (modify-syntax-entry ?\\ "\\" st)
    (modify-syntax-entry ?_ "_" st)
    st)
  "Syntax table of `cardgame-mode'.")

(defconst cardgame-reserved-words
  '("game" "players" "option" "enum" "property" "cards" "every" "order" "zone" "counter" "function" "procedure" "variant" "override" "shuffle" "deal" "move" "turn" "over" "let" "set" "add" "subtract" "if" "then" "else" "while" "repeat" "times" "for" "each" "player" "return" "end" "announce" "from" "where" "top" "to" "of" "bottom" "all" "count" "is" "not" "and" "or" "in" "true" "false" "none" "empty" "opponent" "variable" "extends" "chance" "transfer" "asking" "above" "melds" "meld" "lay" "deadwood" "without" "reveal" "pause" "arrangements")
  "The reserved words: the `keyword' rule of grammar/cardgame.pest.")

(defconst cardgame-font-lock-keywords
  `((,(regexp-opt '("true" "false" "none") 'symbols) . font-lock-constant-face)
    (,(regexp-opt cardgame-reserved-words 'symbols) . font-lock-keyword-face)
    (,(concat "\\_<" (regexp-opt '("function" "procedure")) "\\s-+\\(\\(?:\\sw\\|\\s_\\)+\\)")
     1 font-lock-function-name-face)
    (,(concat "\\_<" (regexp-opt '("zone" "counter" "variable" "option" "property" "let"))
              "\\s-+\\(\\(?:\\sw\\|\\s_\\)+\\)")
     1 font-lock-variable-name-face)
    (,(concat "\\_<" (regexp-opt '("enum" "cards" "order" "melds" "variant")) "\\s-+\\(\\(?:\\sw\\|\\s_\\)+\\)")
     1 font-lock-type-face)
    ("\\_<[0-9]+\\_>" . font-lock-constant-face))
  "What `cardgame-mode' highlights.")

(defcustom cardgame-indent-offset 4
  "Columns a block is indented by in `cardgame-mode'."
  :type 'integer
  :group 'languages)

(defun cardgame--continued-p ()
  "Whether the code line before point's line goes on into it.
It does when it ends, comments aside, with `=', `,', an operator, `and', `or',
`then' or `else'."
  (save-excursion
    (beginning-of-line)
    (let (found)
      (while (and (not found) (not (bobp)))
        (forward-line -1)
        (unless (looking-at "\\s-*\\(//.*\\)?$")
          (setq found t)))
      (and found
           (progn
             (end-of-line)
             (let ((comment (nth 8 (syntax-ppss))))
               (when comment (goto-char comment)))
             (skip-chars-backward " \t")
             (looking-back "\\(?:[-=,+*/%^<>]\\|\\_<\\(?:and\\|or\\|then\\|else\\)\\)"
                           (line-beginning-position)))))))

(defun cardgame-indent-line ()
  "Indent the current line by the depth of the braces around it.
A line that goes on from the one before is indented one step more."
  (interactive)
  (let* ((closing (save-excursion (beginning-of-line) (looking-at "\\s-*[})]")))
         (depth (save-excursion
                  (beginning-of-line)
                  (let ((d (car (syntax-ppss))))
                    (if closing (1- d) d))))
         (extra (if (and (not closing) (cardgame--continued-p)) 1 0))
         (column (* cardgame-indent-offset (+ (max depth 0) extra))))
    (if (<= (current-column) (current-indentation))
        (indent-line-to column)
      (save-excursion (indent-line-to column)))))

;;;###autoload
(define-derived-mode cardgame-mode prog-mode "cardgame"
  "A major mode for cardlang's card-game rules."
  :syntax-table cardgame-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "//+\\s-*")
  (setq-local indent-tabs-mode nil)
  (setq-local indent-line-function #'cardgame-indent-line)
  (setq-local font-lock-defaults '(cardgame-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.cardgame\\'" . cardgame-mode))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(cardgame-mode "cardlang" "lsp")))

(provide 'cardgame-mode)
;;; cardgame-mode.el ends here
