;; A token vesting schedule: how much of a grant has vested after a number of days.
;; Pure functions only, so it runs on the engine foundation.

(module vesting GOVERNANCE
  @doc "Linear vesting with a cliff."

  (defcap GOVERNANCE () true)

  (defconst CLIFF-DAYS:integer 30
    "Nothing vests before the cliff.")

  (defconst PRECISION:integer 12)

  (defun validate-grant:bool (total:decimal duration-days:integer)
    (enforce (> total 0.0) "grant must be positive")
    (enforce (> duration-days CLIFF-DAYS) "duration must be longer than the cliff"))

  (defun vested:decimal (total:decimal elapsed-days:integer duration-days:integer)
    @doc "Amount vested after ELAPSED-DAYS of DURATION-DAYS."
    (validate-grant total duration-days)
    (enforce (>= elapsed-days 0) "elapsed days cannot be negative")
    (cond
      ((< elapsed-days CLIFF-DAYS) 0.0)
      ((>= elapsed-days duration-days) total)
      (floor (/ (* total (dec elapsed-days)) (dec duration-days)) PRECISION)))

  (defun unvested:decimal (total:decimal elapsed-days:integer duration-days:integer)
    (- total (vested total elapsed-days duration-days)))
)
