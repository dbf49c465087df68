-- Card subscribe across API processes (issue 15): the request driving an order (charging it at the provider) holds a
-- lease on its row; a duplicate request (a double click, another tab) on another API process waits for the lease to
-- be released and answers the order as it then is, instead of driving it a second time. lease_until frees the order
-- of a process that died while driving it.
alter table billing_orders add column lease_holder text;
alter table billing_orders add column lease_until timestamptz;
