;; A fungible token: accounts guarded by keysets, transfers under a managed TRANSFER capability
;; (signers approve an amount; the manager spends it down), guard rotation, and a two-step
;; cross-chain transfer as a defpact (debit here, credit on the target chain).

(module token GOVERNANCE
  @doc "Example fungible token for pactvm's demo."

  (defcap GOVERNANCE () (enforce-keyset "token-admin"))

  (defschema account
    balance:decimal
    guard:guard)

  (deftable accounts:{account})

  (defconst MIN-PRECISION:integer 8)

  ;; --------------------------------------------------------------------- capabilities

  (defcap DEBIT (sender:string)
    (enforce-guard (at 'guard (read accounts sender))))

  (defcap CREDIT (receiver:string)
    (enforce (!= receiver "") "receiver must not be empty"))

  (defcap TRANSFER:bool (sender:string receiver:string amount:decimal)
    @managed amount TRANSFER-mgr
    (enforce (!= sender receiver) "sender and receiver must differ")
    (enforce (> amount 0.0) "transfer amount must be positive")
    (compose-capability (DEBIT sender))
    (compose-capability (CREDIT receiver)))

  (defun TRANSFER-mgr:decimal (managed:decimal requested:decimal)
    (let ((left (- managed requested)))
      (enforce (>= left 0.0) (format "TRANSFER exceeded for balance {}" [managed]))
      left))

  (defcap MINT () (enforce-keyset "token-admin"))

  (defcap ROTATE (account:string)
    @event
    (enforce-guard (at 'guard (read accounts account))))

  (defcap CROSS-CHAIN (sender:string receiver:string amount:decimal target-chain:string)
    @event
    (enforce (> amount 0.0) "cross-chain amount must be positive")
    (compose-capability (DEBIT sender)))

  ;; ------------------------------------------------------------------------ functions

  (defun validate-amount (amount:decimal)
    (enforce (> amount 0.0) "amount must be positive")
    (enforce (= (floor amount MIN-PRECISION) amount) "amount violates minimum precision"))

  (defun create-account:string (name:string guard:guard)
    (enforce (>= (length name) 3) "account name too short")
    (insert accounts name { "balance": 0.0, "guard": guard }))

  (defun balance:decimal (name:string)
    (at 'balance (read accounts name)))

  (defun debit (name:string amount:decimal)
    (require-capability (DEBIT name))
    (with-read accounts name { "balance" := b }
      (enforce (<= amount b) "insufficient funds")
      (update accounts name { "balance": (- b amount) })))

  (defun credit (name:string guard:guard amount:decimal)
    (require-capability (CREDIT name))
    (with-default-read accounts name { "balance": -1.0, "guard": guard } { "balance" := b, "guard" := g }
      (enforce (= g guard) "account guards do not match")
      (write accounts name { "balance": (if (= b -1.0) amount (+ b amount)), "guard": g })))

  (defun mint:string (name:string amount:decimal)
    (validate-amount amount)
    (with-capability (MINT)
      (with-capability (CREDIT name)
        (credit name (at 'guard (read accounts name)) amount))))

  (defun transfer:string (sender:string receiver:string amount:decimal)
    (validate-amount amount)
    (with-capability (TRANSFER sender receiver amount)
      (debit sender amount)
      (credit receiver (at 'guard (read accounts receiver)) amount)))

  (defun rotate:string (name:string new-guard:guard)
    (with-capability (ROTATE name)
      (update accounts name { "guard": new-guard })))

  (defpact transfer-crosschain (sender:string receiver:string receiver-guard:guard target-chain:string amount:decimal)
    (step
      (with-capability (CROSS-CHAIN sender receiver amount target-chain)
        (validate-amount amount)
        (debit sender amount)
        (yield { "receiver": receiver, "guard": receiver-guard, "amount": amount } target-chain)))
    (step
      (resume { "receiver" := r, "guard" := g, "amount" := a }
        (with-capability (CREDIT r)
          (credit r g a)))))
)
