;; Loaded by tour.repl: a module read from a .pact file, with a table's history, capability
;; guards, a cross-chain defpact and the rest of the REPL natives' module-side uses.
(namespace "tour")
(module counter GOV
  (defcap GOV () (enforce-keyset "tour.gov"))
  (defcap BUMP (n:integer) true)
  (defcap RELAY (n:integer) @event true)
  (defcap PAY (n:integer) @managed true)
  (defschema entry value:integer)
  (deftable store:{entry})
  (defun allow-namespace:bool (ns:string g:guard) true)
  (defun bump:integer (n:integer) (+ n 1))
  (defun remember (k:string v:integer) (write store k { "value": v }))
  (defun guarded:bool ()
    (with-capability (BUMP 1)
      (require-capability (BUMP 1))
      (enforce-guard (create-capability-guard (BUMP 1)))
      (enforce-guard (create-module-guard "any"))))
  (defpact relay (n:integer)
    (step
      (let ((g (create-pact-guard "relay")))
        (yield { "n": n })))
    (step
      (resume { "n" := m }
        (install-capability (PAY m))
        (emit-event (RELAY m))
        m))))
(create-table store)
