;;; eglot-session.el --- drive manifest-language-server through Eglot, in batch mode  -*- lexical-binding: t -*-

;; Loaded after the user's configuration from docs/editors.md, as
;;   emacs --batch -l <configuration>.el -l eglot-session.el
;; with MANIFEST_EMACS_PLAN naming a JSON file:
;;   { "file": "...", "timeoutSeconds": 10, "output": "...",
;;     "hover": { "line": 1, "column": 0 },
;;     "codeAction": { "line": 1, "column": 0, "title": "..." } }
;; (lines 1-based, columns 0-based, as Emacs counts them).  It opens the file as a user would,
;; lets Eglot start the server, waits for the findings Flymake shows, asks for the hover at one
;; place, then runs `eglot-code-actions' at another and picks the action with the given title
;; from the menu.  What it saw goes to "output" as JSON; each step runs even when the one before
;; got nothing, so that the report says everything that was missing.  Exit code 0 once the report
;; is written, 3 when something failed on the way (the report's "error" says what).

(require 'eglot)
(require 'flymake)
(require 'json)

(defvar manifest-session--report nil
  "What the session saw, as an alist that `json-encode' writes.")

(defun manifest-session--note (key value)
  (setq manifest-session--report
        (append manifest-session--report (list (cons key value)))))

(defun manifest-session--wait (seconds ready)
  "Let Emacs run for up to SECONDS until READY returns non-nil; return its value.
The end of a command is simulated on every turn: in batch mode there is no command loop,
and both `eglot-ensure' and Flymake's first check wait for one."
  (let ((deadline (+ (float-time) seconds))
        (value nil))
    (while (and (not (setq value (funcall ready)))
                (< (float-time) deadline))
      (run-hooks 'post-command-hook)
      (accept-process-output nil 0.05))
    value))

(defun manifest-session--goto (place)
  (goto-char (point-min))
  (forward-line (1- (alist-get 'line place)))
  (forward-char (alist-get 'column place)))

(defun manifest-session--findings ()
  "The Flymake diagnostics of the buffer, as a user sees them, in buffer order."
  (mapcar (lambda (diagnostic)
            (let ((beg (flymake-diagnostic-beg diagnostic)))
              `((line . ,(line-number-at-pos beg))
                (column . ,(save-excursion (goto-char beg) (current-column)))
                (type . ,(symbol-name (flymake-diagnostic-type diagnostic)))
                (text . ,(flymake-diagnostic-text diagnostic)))))
          (sort (flymake-diagnostics)
                (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))

(defun manifest-session--hover-text (hover)
  "The text of a Hover's contents, whichever of the protocol's shapes it has."
  (let ((contents (plist-get hover :contents)))
    (cond ((null contents) nil)
          ((stringp contents) contents)
          ((vectorp contents)
           (mapconcat (lambda (item) (if (stringp item) item (plist-get item :value))) contents "\n"))
          (t (plist-get contents :value)))))

(defun manifest-session--code-action (place)
  "Run `eglot-code-actions' at PLACE as from the keyboard; pick the action titled as PLACE says.
Returns the titles the menu offered."
  (manifest-session--goto place)
  (let* ((wanted (alist-get 'title place))
         (offered nil)
         (completing-read-function
          (lambda (_prompt collection &rest _)
            (setq offered (mapcar #'car collection))
            wanted))
         ;; Not a mouse event: the menu is read in the minibuffer, as after a key.
         (last-nonmenu-event ?\r))
    (condition-case problem
        (call-interactively #'eglot-code-actions)
      (error (manifest-session--note 'codeActionError (error-message-string problem))))
    offered))

(defun manifest-session--run (plan)
  (let ((seconds (alist-get 'timeoutSeconds plan)))
    (find-file (alist-get 'file plan))
    (manifest-session--note 'majorMode (symbol-name major-mode))
    (let ((server (manifest-session--wait seconds (lambda () (and (eglot-managed-p) (eglot-current-server))))))
      (manifest-session--note 'managed (if server t :json-false))
      (when server
        (manifest-session--note 'serverCommand (vconcat (process-command (jsonrpc--process server))))))
    (manifest-session--note 'findings (vconcat (or (manifest-session--wait seconds #'manifest-session--findings) [])))
    ;; ElDoc shows hovers from the command loop's idle time, which batch mode never has: the
    ;; hover is asked as ElDoc's Eglot function asks it.
    (manifest-session--goto (alist-get 'hover plan))
    (manifest-session--note
     'hover
     (condition-case problem
         (manifest-session--hover-text
          (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                           (eglot--TextDocumentPositionParams)))
       (error (manifest-session--note 'hoverError (error-message-string problem)) nil)))
    (manifest-session--note 'actionsOffered (vconcat (manifest-session--code-action (alist-get 'codeAction plan))))
    (manifest-session--note 'text (buffer-substring-no-properties (point-min) (point-max)))
    (manifest-session--note 'modified (if (buffer-modified-p) t :json-false))))

(defun manifest-session--write (file)
  (with-temp-file file (insert (json-encode manifest-session--report))))

(let* ((plan (json-read-file (getenv "MANIFEST_EMACS_PLAN")))
       (output (alist-get 'output plan))
       (code 0))
  (condition-case problem
      (manifest-session--run plan)
    (error (manifest-session--note 'error (error-message-string problem))
           (setq code 3)))
  (manifest-session--write output)
  ;; Leave the server as a user's Emacs does on exit, within a bounded time.
  (ignore-errors (with-timeout (3) (eglot-shutdown-all)))
  (kill-emacs code))

;;; eglot-session.el ends here
